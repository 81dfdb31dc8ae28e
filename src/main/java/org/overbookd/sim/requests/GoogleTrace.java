package org.overbookd.sim.requests;

import org.overbookd.io.InputException;
import org.overbookd.io.TaskEventRows;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.policy.qos.ServiceClasses;

/**
 * Reads Google cluster-data 2011 {@code task_events} and {@code machine_events} files directly
 * (CSV without header, plain or .gz, in the order given). Every choice beyond the paper's class
 * mapping is documented in sim/README-qos.md, "Google cluster-data 2011".
 */
public final class GoogleTrace {

    /** What a conversion produced, and what it had to drop. */
    public record Workload(List<RequestSpec> requests, long neverScheduled, long missingDemand) {
    }

    /** Hosts present at the start, then their later additions and removals. */
    public record Machines(List<HostSpec> hosts, List<HostEvent> events) {
    }

    private static final double MICROS = 1e6;

    private GoogleTrace() {
    }

    /** The paper's mapping (section 4.2): priority above 8 gold, 2 to 8 silver, below 2 bronze. */
    public static String className(int priority) {
        return priority > 8 ? "gold" : priority >= 2 ? "silver" : "bronze";
    }

    /** A task being assembled from its events. */
    private static final class Task {
        double submit = -1;
        double cpu = Double.NaN;
        double mem = Double.NaN;
        int priority;
        double lastSchedule = -1;
        double end = -1;
    }

    public static Workload tasks(List<Path> files, ServiceClasses classes) throws InputException {
        Map<String, Task> tasks = new LinkedHashMap<>();
        double[] traceEnd = {0};
        for (Path file : files) {
            TaskEventRows.forEach(file, found -> "task_events rows have " + TaskEventRows.FIELDS
                    + " fields, found " + found, event -> {
                if (event.afterTheTrace()) {
                    return;
                }
                double t = event.timeMicros() / MICROS;
                traceEnd[0] = Math.max(traceEnd[0], t);
                Task task = tasks.computeIfAbsent(event.taskId(), k -> new Task());
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
        for (Map.Entry<String, Task> e : tasks.entrySet()) {
            Task task = e.getValue();
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
        return new Workload(requests, neverScheduled, missingDemand);
    }

    public static Machines machines(List<Path> files) throws InputException {
        Map<String, HostSpec> hosts = new LinkedHashMap<>();
        List<HostEvent> events = new ArrayList<>();
        forEachRow(files, 6, "machine_events rows have 6 fields", f -> {
            double t = Long.parseLong(f[0]) / MICROS;
            String id = f[1];
            int type = Integer.parseInt(f[2]);
            boolean known = hosts.containsKey(id);
            if (!known && !f[4].isEmpty() && !f[5].isEmpty()) {
                hosts.put(id, new HostSpec(id, Double.parseDouble(f[4]), Double.parseDouble(f[5]),
                        f[3].isEmpty() ? Map.of() : Map.of("platform", f[3])));
                known = true;
            }
            if (known && type == 0 && t > 0) {
                events.add(new HostEvent(t, id, true));
            } else if (known && type == 1) {
                events.add(new HostEvent(t, id, false));
            }
        });
        if (hosts.isEmpty()) {
            throw new InputException(files.isEmpty() ? Path.of("machine_events") : files.get(0), "no machines");
        }
        return new Machines(new ArrayList<>(hosts.values()), events);
    }

    /** Visits the comma-separated fields of every row; a short or non-numeric row names file and line. */
    private static void forEachRow(List<Path> files, int minFields, String shape, Consumer<String[]> visit)
            throws InputException {
        for (Path file : files) {
            long line = 0;
            try (BufferedReader in = TaskEventRows.open(file)) {
                for (String text = in.readLine(); text != null; text = in.readLine()) {
                    line++;
                    String[] f = text.split(",", -1);
                    if (f.length < minFields) {
                        throw new InputException(file, line, shape + ", found " + f.length);
                    }
                    visit.accept(f);
                }
            } catch (IOException e) {
                throw new InputException(file, "cannot be read: " + org.overbookd.io.IoReasons.of(e));
            } catch (NumberFormatException e) {
                throw new InputException(file, line, "not a number: " + e.getMessage());
            }
        }
    }

}
