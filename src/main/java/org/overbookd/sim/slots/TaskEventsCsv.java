package org.overbookd.sim.slots;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.io.InputException;
import org.overbookd.io.TaskEventRows;
import org.overbookd.io.TaskUsageRows;
import org.overbookd.policy.hybrid.Priorities;

/**
 * Reads the {@code task_events} table of Google's cluster-data 2011 trace (ClusterData2011_2, the
 * trace the paper uses): headerless CSV, possibly gzipped, thirteen fields per event:
 * <pre>
 *   0 timestamp (microseconds)   1 missing info   2 job ID   3 task index   4 machine ID
 *   5 event type                 6 user           7 scheduling class       8 priority
 *   9 CPU request               10 memory request 11 disk request          12 different-machines restriction
 * </pre>
 * Event types: 0 SUBMIT, 1 SCHEDULE, 2 EVICT, 3 FAIL, 4 FINISH, 5 KILL, 6 LOST, 7 UPDATE_PENDING,
 * 8 UPDATE_RUNNING. The mapping to our tasks, one per (job ID, task index):
 * <ul>
 *   <li>{@code submit_s}: its first SUBMIT, in seconds from the earliest such submission in the
 *       file (the trace's own evictions and resubmissions are the trace's scheduler at work, which we
 *       replay with ours);</li>
 *   <li>{@code priority}: the priority of that first SUBMIT;</li>
 *   <li>{@code cpu_seconds}: with a {@code task_usage} file (section 2.1: "resource allocations are
 *       made based on the actual resource usages of tasks"), the CPU the task used during its
 *       successful run: the sum over its usage intervals of the mean CPU rate times the part of the
 *       interval that lies between the last SCHEDULE and the FINISH (the CPU of earlier executions,
 *       evicted or failed in the trace, was the trace's waste, not the task's demand). A task with
 *       no usage in its run (no rows, or rates all zero or empty), and every task when no
 *       {@code task_usage} is given, falls back to its CPU request times the length of that run;
 *       those are counted. Both are in the normalized unit of our servers' capacity;</li>
 *   <li>{@code memory}: its memory request.</li>
 * </ul>
 * Only tasks that SUBMIT and later FINISH within the file have a known demand; the others (killed,
 * failed, lost, still running at the end, or without a CPU request) are skipped and counted. Events
 * stamped 2^63-1, the trace's mark for "after the end of the trace window", are ignored.
 */
public final class TaskEventsCsv {

    /**
     * The tasks read, how many distinct tasks of the file could not become one, and how many tasks'
     * demand is their CPU request times their run rather than their measured usage (all of them
     * when no task_usage file was read).
     */
    public record Result(List<Task> tasks, int skipped, int demandFromRequest) {}

    private TaskEventsCsv() {}

    private static final class Pending {
        final String id;
        double submit = Double.NaN;
        int priority;
        double cpu = Double.NaN;
        double memory = Double.NaN;
        long scheduledMicros = -1;
        long finishedMicros = -1;
        double used;

        Pending(String id) {
            this.id = id;
        }

        boolean usable() {
            return !Double.isNaN(submit) && finishedMicros >= 0 && cpu > 0 && finishedMicros > scheduledMicros;
        }

        /** Run length in seconds, last SCHEDULE to FINISH (each converted first, as always, so demands keep their bytes). */
        double run() {
            return finishedMicros / 1e6 - scheduledMicros / 1e6;
        }

        /** Adds the CPU of a usage interval, clipped to the successful run. */
        void addUsage(long startMicros, long endMicros, double rate) {
            long overlap = Math.min(endMicros, finishedMicros) - Math.max(startMicros, scheduledMicros);
            if (overlap > 0 && rate > 0) {
                used += rate * (overlap / 1e6);
            }
        }
    }

    /** Demand from the CPU request times the run, for every task. */
    public static Result read(Path file) throws InputException {
        return read(file, null);
    }

    /** Demand from {@code usage} (a task_usage file of the same trace) where it has some, else from the request. */
    public static Result read(Path file, Path usage) throws InputException {
        Map<String, Pending> byTask = new HashMap<>();
        List<Pending> inOrder = new ArrayList<>();
        TaskEventRows.forEach(file, event -> {
            if (event.afterTheTrace()) {
                return;
            }
            double time = event.timeMicros() / 1e6;
            String id = event.taskId();
            Pending task = byTask.get(id);
            if (task == null) {
                task = new Pending(id);
                byTask.put(id, task);
                inOrder.add(task);
            }
            int type = event.eventType();
            if (type == TaskEventRows.SUBMIT && Double.isNaN(task.submit)) {
                if (event.priority() < Priorities.LOWEST || event.priority() > Priorities.HIGHEST) {
                    throw event.problem("priority " + event.priority() + " is outside " + Priorities.LOWEST + " to "
                            + Priorities.HIGHEST);
                }
                task.submit = time;
                task.priority = event.priority();
                task.cpu = event.cpu();
                task.memory = event.memory();
            } else if (type == TaskEventRows.SCHEDULE) {
                task.scheduledMicros = event.timeMicros();
            } else if (type == TaskEventRows.FINISH && task.scheduledMicros >= 0) {
                task.finishedMicros = event.timeMicros();
            }
        });
        if (usage != null) {
            TaskUsageRows.forEach(usage, row -> {
                Pending task = byTask.get(row.taskId());
                if (task != null && task.usable()) {
                    task.addUsage(row.startMicros(), row.endMicros(), row.cpuRate());
                }
            });
        }
        double origin = Double.POSITIVE_INFINITY;
        for (Pending p : inOrder) {
            if (p.usable()) {
                origin = Math.min(origin, p.submit);
            }
        }
        List<Task> tasks = new ArrayList<>();
        int fromRequest = 0;
        for (Pending p : inOrder) {
            if (p.usable()) {
                double demand = p.used;
                if (!(demand > 0)) {
                    demand = p.cpu * p.run();
                    fromRequest++;
                }
                tasks.add(new Task(p.id, p.submit - origin, p.priority, demand, p.memory));
            }
        }
        if (tasks.isEmpty()) {
            throw new InputException(
                    file, "no task both submitted and finished in this file, so no CPU demand is known");
        }
        return new Result(Workloads.bySubmission(tasks), inOrder.size() - tasks.size(), fromRequest);
    }
}
