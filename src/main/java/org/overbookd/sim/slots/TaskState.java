package org.overbookd.sim.slots;

import org.overbookd.policy.hybrid.QueuedTask;
import org.overbookd.policy.hybrid.RunningTask;

/** A task during a run: where it is, what it has cost, and what happened to it. Mutated by the cluster only. */
final class TaskState implements QueuedTask, RunningTask {

    enum Status {
        PENDING,
        QUEUED,
        RUNNING,
        FINISHED,
        DROPPED
    }

    final int index;
    final Task task;
    Status status = Status.PENDING;
    int evictions;
    int server = -1;
    boolean sticky;
    long startOrder;
    /** When it last entered the queue. */
    double queuedAt;
    /** When the current execution started. */
    double started;
    /** The server's work clock when the current execution started, and when it will have finished. */
    double startWork;

    double target;
    double finishedAt = Double.NaN;
    /** CPU-seconds of executions ended by an eviction or a drop. */
    double wasted;
    /** Tier and label of the execution that finished it. */
    int finishedTier = -1;

    boolean finishedSticky;

    TaskState(int index, Task task) {
        this.index = index;
        this.task = task;
    }

    @Override
    public int index() {
        return index;
    }

    @Override
    public int priority() {
        return task.priority();
    }

    @Override
    public double firstArrival() {
        return task.submit();
    }

    @Override
    public double lastArrival() {
        return queuedAt;
    }

    @Override
    public int evictions() {
        return evictions;
    }

    @Override
    public int server() {
        return server;
    }

    @Override
    public boolean sticky() {
        return sticky;
    }

    @Override
    public long startOrder() {
        return startOrder;
    }

    /** Finish time minus first arrival: queueing, lost executions and the final one. */
    double response() {
        return finishedAt - task.submit();
    }

    @Override
    public String toString() {
        return "task " + task.id() + " (#" + index + ", priority " + task.priority() + ", " + status + ")";
    }
}
