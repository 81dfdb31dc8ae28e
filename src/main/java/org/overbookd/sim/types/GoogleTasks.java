package org.overbookd.sim.types;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.io.InputException;
import org.overbookd.io.TaskEventRows;

/**
 * Reads a task_events file of the Google cluster trace (2011 format, plain or .gz): 13 comma-separated
 * fields, of which we use timestamp (microseconds), job ID, task index, event type, CPU request and
 * memory request. As in section 4.2, a task arrives when it is first submitted (event 0) and its
 * service time is its completion (FINISH, 4) minus its deployment: the last SCHEDULE (1) before that
 * FINISH, so a task evicted and rescheduled is timed by its run that finished. Tasks that never
 * finish in the file, or finish without having been submitted in it, are left out, as are tasks
 * with an empty CPU or memory request. Events are taken in file order, which is time order in
 * the published trace.
 */
public final class GoogleTasks {

    private GoogleTasks() {}

    private static final class Pending {
        final long submitted;
        final double cpu;
        final double memory;
        long scheduled = -1;
        boolean done;

        Pending(long submitted, double cpu, double memory) {
            this.submitted = submitted;
            this.cpu = cpu;
            this.memory = memory;
        }
    }

    private record Keyed(GoogleTask task, long job, long index) {}

    /**
     * The finished tasks, by arrival (then job, then task index), times in seconds from the first
     * arrival, at most {@code maxTasks} of them (the first by arrival).
     *
     * @throws InputException naming the file and line of the first malformed line, or the file if
     *                        it cannot be read
     */
    public static List<GoogleTask> read(Path file, int maxTasks) throws InputException {
        Map<Long, Map<Long, Pending>> tasks = new HashMap<>();
        List<Keyed> finished = new ArrayList<>();
        TaskEventRows.forEach(file, event -> {
            if (event.afterTheTrace()) {
                return;
            }
            long time = event.timeMicros();
            Map<Long, Pending> byIndex = tasks.computeIfAbsent(event.jobId(), k -> new HashMap<>());
            Pending p = byIndex.get(event.taskIndex());
            int type = event.eventType();
            if (type == TaskEventRows.SUBMIT && p == null) {
                double cpu = fraction(event, event.cpu(), "CPU request");
                double memory = fraction(event, event.memory(), "memory request");
                if (!Double.isNaN(cpu) && !Double.isNaN(memory)) {
                    byIndex.put(event.taskIndex(), new Pending(time, cpu, memory));
                }
            } else if (type == TaskEventRows.SCHEDULE && p != null && !p.done) {
                p.scheduled = time;
            } else if (type == TaskEventRows.FINISH && p != null && !p.done && p.scheduled >= 0) {
                p.done = true;
                finished.add(new Keyed(
                        new GoogleTask(p.submitted / 1e6, (time - p.scheduled) / 1e6, p.cpu, p.memory),
                        event.jobId(),
                        event.taskIndex()));
            }
        });
        finished.sort(Comparator.comparingDouble((Keyed k) -> k.task().arrival())
                .thenComparingLong(Keyed::job)
                .thenComparingLong(Keyed::index));
        List<GoogleTask> out = new ArrayList<>(Math.min(finished.size(), maxTasks));
        double origin = finished.isEmpty() ? 0 : finished.get(0).task().arrival();
        for (Keyed k : finished.subList(0, Math.min(finished.size(), maxTasks))) {
            GoogleTask t = k.task();
            out.add(new GoogleTask(t.arrival() - origin, t.service(), t.cpu(), t.memory()));
        }
        return out;
    }

    /** Requests are normalized to the largest machine, so above 1 is a misread, not a big task. */
    private static double fraction(TaskEventRows.TaskEvent event, double request, String what) throws InputException {
        if (request > 1) {
            throw event.problem(what + " '" + request + "' is not a number from 0 to 1");
        }
        return request;
    }
}
