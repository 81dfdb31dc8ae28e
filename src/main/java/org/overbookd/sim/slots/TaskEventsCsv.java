package org.overbookd.sim.slots;

import org.overbookd.io.InputException;
import org.overbookd.io.TaskEventRows;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 *   <li>{@code cpu_seconds}: its CPU request (normalized like our servers' capacity) times the
 *       duration of its successful run, from the last SCHEDULE to the FINISH;</li>
 *   <li>{@code memory}: its memory request.</li>
 * </ul>
 * Only tasks that SUBMIT and later FINISH within the file have a known demand; the others (killed,
 * failed, lost, still running at the end, or without a CPU request) are skipped and counted. Events
 * stamped 2^63-1, the trace's mark for "after the end of the trace window", are ignored.
 */
public final class TaskEventsCsv {

    /** The tasks read and how many distinct tasks of the file could not become one. */
    public record Result(List<Task> tasks, int skipped) {
    }

    private TaskEventsCsv() {
    }

    private static final class Pending {
        final String id;
        double submit = Double.NaN;
        int priority;
        double cpu = Double.NaN;
        double memory = Double.NaN;
        double scheduled = Double.NaN;
        double finished = Double.NaN;

        Pending(String id) {
            this.id = id;
        }

        boolean usable() {
            return !Double.isNaN(submit) && !Double.isNaN(finished) && cpu > 0 && finished > scheduled;
        }
    }

    public static Result read(Path file) throws InputException {
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
                    throw event.problem("priority " + event.priority() + " is outside " + Priorities.LOWEST
                            + " to " + Priorities.HIGHEST);
                }
                task.submit = time;
                task.priority = event.priority();
                task.cpu = event.cpu();
                task.memory = event.memory();
            } else if (type == TaskEventRows.SCHEDULE) {
                task.scheduled = time;
            } else if (type == TaskEventRows.FINISH && !Double.isNaN(task.scheduled)) {
                task.finished = time;
            }
        });
        double origin = Double.POSITIVE_INFINITY;
        for (Pending p : inOrder) {
            if (p.usable()) {
                origin = Math.min(origin, p.submit);
            }
        }
        List<Task> tasks = new ArrayList<>();
        for (Pending p : inOrder) {
            if (p.usable()) {
                tasks.add(new Task(p.id, p.submit - origin, p.priority, p.cpu * (p.finished - p.scheduled), p.memory));
            }
        }
        if (tasks.isEmpty()) {
            throw new InputException(file, "no task both submitted and finished in this file, so no CPU demand is known");
        }
        return new Result(Workloads.bySubmission(tasks), inOrder.size() - tasks.size());
    }
}
