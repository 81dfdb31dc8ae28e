package org.overbookd.backend.simulated;

import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.backend.simulated.load.TraceLoad;
import org.overbookd.io.CsvInput;
import org.overbookd.io.InputException;

/**
 * The high-QoS workload of a real cluster, read back from a daemon's {@code record.file}: its hosts
 * (id, name, cores) and every high-QoS VM's measured CPU at each cycle. Replaying it puts the
 * simulator's overbooking policy against the load the cluster actually had. Low-QoS rows are
 * skipped: they are what overbookd itself placed, and the replay brings its own low-QoS queue.
 * A recorded VM is on its host for the whole replay, with load 0 outside the span it was recorded.
 */
public final class RecordedWorkload {

    /** A recorded host; its VMs are in recording order. */
    public record Host(int id, String name, int cores, List<Vm> vms) {
    }

    /** A recorded high-QoS VM. */
    public record Vm(long id, String name, TraceLoad load) {
    }

    private final List<Host> hosts;
    private final long spanSeconds;

    private RecordedWorkload(List<Host> hosts, long spanSeconds) {
        this.hosts = List.copyOf(hosts);
        this.spanSeconds = spanSeconds;
    }

    public List<Host> hosts() {
        return hosts;
    }

    /** Seconds from the first record to the last. */
    public long spanSeconds() {
        return spanSeconds;
    }

    private static final CsvInput.Columns COLUMNS = CsvInput.Columns.atLeast(
            List.of("time", "host_id", "host_name", "cores", "vm_id", "vm_name", "qos", "cpu"), List.of());

    /**
     * @throws InputException naming the file and line of the first malformed row
     */
    public static RecordedWorkload read(Path file) throws InputException {
        record Sample(long seconds, double cpu) {
        }
        Map<Integer, String[]> hostInfo = new LinkedHashMap<>();
        Map<Integer, Map<Long, String>> vmNames = new LinkedHashMap<>();
        Map<Long, List<Sample>> samples = new LinkedHashMap<>();
        Instant first = null;
        long last = 0;
        try (CsvInput csv = CsvInput.withHeader(file, COLUMNS)) {
            for (CsvInput.Row row = csv.next(); row != null; row = csv.next()) {
                Instant time = instant(row, "time");
                first = first == null ? time : first;
                long seconds = time.getEpochSecond() - first.getEpochSecond();
                if (seconds < 0) {
                    throw row.problem("time goes backwards");
                }
                last = Math.max(last, seconds);
                int host = row.whole("host_id", 0, Integer.MAX_VALUE);
                int cores = row.whole("cores", 1, Integer.MAX_VALUE);
                hostInfo.putIfAbsent(host, new String[] {row.text("host_name"), Integer.toString(cores)});
                if (row.text("vm_id").isEmpty() || !row.text("qos").equals("HIGH")) {
                    continue;
                }
                long vm = row.whole("vm_id");
                double cpu = row.number("cpu", 0, false);
                vmNames.computeIfAbsent(host, k -> new LinkedHashMap<>()).putIfAbsent(vm, row.text("vm_name"));
                samples.computeIfAbsent(vm, k -> new ArrayList<>()).add(new Sample(seconds, cpu));
            }
        }
        if (hostInfo.isEmpty()) {
            throw new InputException(file + ": no hosts recorded");
        }
        List<Host> hosts = new ArrayList<>();
        for (Map.Entry<Integer, String[]> h : hostInfo.entrySet()) {
            List<Vm> vms = new ArrayList<>();
            for (Map.Entry<Long, String> v : vmNames.getOrDefault(h.getKey(), Map.of()).entrySet()) {
                List<Sample> s = samples.get(v.getKey());
                long[] times = new long[s.size()];
                double[] loads = new double[s.size()];
                for (int i = 0; i < s.size(); i++) {
                    times[i] = s.get(i).seconds();
                    loads[i] = s.get(i).cpu();
                }
                vms.add(new Vm(v.getKey(), v.getValue(), new TraceLoad(times, loads)));
            }
            hosts.add(new Host(h.getKey(), h.getValue()[0], Integer.parseInt(h.getValue()[1]), vms));
        }
        return new RecordedWorkload(hosts, last);
    }

    private static Instant instant(CsvInput.Row row, String column) throws InputException {
        String text = row.required(column);
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw row.problem(column + " '" + text + "' is not an ISO-8601 instant");
        }
    }
}
