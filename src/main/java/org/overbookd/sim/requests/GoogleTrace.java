package org.overbookd.sim.requests;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.io.CsvInput;
import org.overbookd.io.InputException;
import org.overbookd.io.TaskEventRows;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.policy.qos.ServiceClasses;

/**
 * Reads Google cluster-data 2011 {@code task_events} and {@code machine_events} files directly
 * (CSV without header, plain or .gz, in the order given). Every choice beyond the paper's class
 * mapping is documented in sim/README-qos.md, "Google cluster-data 2011".
 */
public final class GoogleTrace {

    /** What a conversion produced, and what it had to drop. */
    public record Converted(List<RequestSpec> requests, long neverScheduled, long missingDemand) {}

    /** Hosts present at the start, then their later additions and removals. */
    public record Machines(List<HostSpec> hosts, List<HostEvent> events) {}

    private static final double MICROS = 1e6;

    /** timestamp, machine ID, event type (0 ADD, 1 REMOVE, 2 UPDATE), platform, CPU, memory. */
    private static final int MACHINE_FIELDS = 6;

    private GoogleTrace() {}

    /** The paper's mapping (section 4.2): priority above 8 gold, 2 to 8 silver, below 2 bronze. */
    public static String className(int priority) {
        return priority > 8 ? "gold" : priority >= 2 ? "silver" : "bronze";
    }

    /** A task being assembled from its events. */
    private static final class PartialTask {
        double submit = -1;
        double cpu = Double.NaN;
        double mem = Double.NaN;
        int priority;
        double lastSchedule = -1;
        double end = -1;
    }

    public static Converted tasks(List<Path> files, ServiceClasses classes) throws InputException {
        Map<String, PartialTask> tasks = new LinkedHashMap<>();
        double[] traceEnd = {0};
        for (Path file : files) {
            TaskEventRows.forEach(file, event -> {
                if (event.afterTheTrace()) {
                    return;
                }
                double t = event.timeMicros() / MICROS;
                traceEnd[0] = Math.max(traceEnd[0], t);
                PartialTask task = tasks.computeIfAbsent(event.taskId(), k -> new PartialTask());
                int type = event.eventType();
                if (type == TaskEventRows.SUBMIT && task.submit < 0) {
                    task.submit = t;
                    task.priority = event.priority();
                }
                // Unlike the other simulators, the latest stated demand wins: UPDATE events revise it.
                if (!Double.isNaN(event.cpu()) && !Double.isNaN(event.memory())) {
                    task.cpu = event.cpu();
                    task.mem = event.memory();
                }
                if (type == TaskEventRows.SCHEDULE) {
                    task.lastSchedule = t;
                    task.end = -1;
                } else if (type >= TaskEventRows.EVICT && type <= TaskEventRows.LOST && task.lastSchedule >= 0) {
                    task.end = t; // EVICT, FAIL, FINISH, KILL, LOST end the latest run
                }
            });
        }
        List<RequestSpec> requests = new ArrayList<>();
        long neverScheduled = 0;
        long missingDemand = 0;
        for (Map.Entry<String, PartialTask> e : tasks.entrySet()) {
            PartialTask task = e.getValue();
            if (task.submit < 0 || task.lastSchedule < 0) {
                neverScheduled++;
                continue;
            }
            if (Double.isNaN(task.cpu) || Double.isNaN(task.mem)) {
                missingDemand++;
                continue;
            }
            double duration = (task.end >= 0 ? task.end : traceEnd[0]) - task.lastSchedule;
            ServiceClass c = classes.find(className(task.priority)).orElseThrow();
            requests.add(new RequestSpec(e.getKey(), task.submit, duration, task.cpu, task.mem, c, Map.of()));
        }
        requests.sort(java.util.Comparator.comparingDouble(RequestSpec::submitS));
        return new Converted(requests, neverScheduled, missingDemand);
    }

    public static Machines machines(List<Path> files) throws InputException {
        Map<String, HostSpec> hosts = new LinkedHashMap<>();
        List<HostEvent> events = new ArrayList<>();
        for (Path file : files) {
            try (CsvInput rows = CsvInput.headerless(file)) {
                rows.forEach(row -> {
                    if (row.size() < MACHINE_FIELDS) { // more is fine: a later release may add columns
                        row.requireWidth(MACHINE_FIELDS, "a machine_events row");
                    }
                    double t = row.whole(0, "timestamp") / MICROS;
                    String id = row.text(1);
                    long type = row.whole(2, "event type");
                    String platform = row.text(3);
                    boolean known = hosts.containsKey(id);
                    if (!known && !row.text(4).isEmpty() && !row.text(5).isEmpty()) {
                        hosts.put(
                                id,
                                new HostSpec(
                                        id,
                                        row.number(4, "CPU capacity", 0, false),
                                        row.number(5, "memory capacity", 0, false),
                                        platform.isEmpty() ? Map.of() : Map.of("platform", platform)));
                        known = true;
                    }
                    if (known && type == 0 && t > 0) {
                        events.add(new HostEvent(t, id, true));
                    } else if (known && type == 1) {
                        events.add(new HostEvent(t, id, false));
                    }
                });
            }
        }
        if (hosts.isEmpty()) {
            throw new InputException(files.isEmpty() ? Path.of("machine_events") : files.get(0), "no machines");
        }
        return new Machines(new ArrayList<>(hosts.values()), events);
    }
}
