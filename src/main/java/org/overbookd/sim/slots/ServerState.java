package org.overbookd.sim.slots;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * One server during a run. Every task running on a server gets the same rate (section 2.2), so
 * instead of tracking each task's progress the server keeps one work clock: the CPU-seconds each of
 * its running tasks has received since the run began. A task starting at clock w with demand d
 * finishes when the clock reaches w + d; the clock advances at the current rate, which changes only
 * when a task starts or stops here. So a change costs a logarithm, whatever the number of tasks.
 */
final class ServerState {

    private static final Comparator<TaskState> BY_TARGET = (a, b) -> {
        int c = Double.compare(a.target, b.target);
        return c != 0 ? c : Integer.compare(a.index, b.index);
    };

    final int index;
    final int tier;
    private final double capacity;
    private final int cores;
    private final int slots;
    private final PriorityQueue<TaskState> running = new PriorityQueue<>(BY_TARGET);
    private double work;
    private double updated;
    /** Bumped whenever the next completion changes, so stale completion events can be told apart. */
    int version;

    ServerState(int index, ServerType type, int tier) {
        this.index = index;
        this.tier = tier;
        this.capacity = type.cpu();
        this.cores = type.cores();
        this.slots = type.slots();
    }

    int running() {
        return running.size();
    }

    boolean full() {
        return running.size() >= slots;
    }

    /** Current rate of each running task. */
    double rate() {
        return CpuShare.rate(capacity, cores, running.size());
    }

    private void advance(double now) {
        if (!running.isEmpty()) {
            work += rate() * (now - updated);
        }
        updated = now;
    }

    void start(TaskState task, double now) {
        advance(now);
        task.startWork = work;
        task.target = work + task.task.cpuSeconds();
        running.add(task);
    }

    /** Takes a task off before it finished; returns the CPU-seconds it had received. */
    double stop(TaskState task, double now) {
        advance(now);
        running.remove(task);
        return Math.min(work - task.startWork, task.task.cpuSeconds());
    }

    /**
     * Removes and returns the tasks done at {@code now}: the head, whose completion event this is,
     * and any other whose target is reached but for rounding.
     */
    List<TaskState> complete(double now) {
        advance(now);
        List<TaskState> done = new ArrayList<>(1);
        done.add(running.poll());
        while (!running.isEmpty() && running.peek().target - work <= 1e-9 * Math.max(1.0, work)) {
            done.add(running.poll());
        }
        return done;
    }

    /** When the next running task will finish at the current rate; +infinity when none runs. */
    double nextCompletion() {
        if (running.isEmpty()) {
            return Double.POSITIVE_INFINITY;
        }
        return updated + Math.max(0.0, running.peek().target - work) / rate();
    }
}
