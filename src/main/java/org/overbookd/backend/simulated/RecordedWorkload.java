package org.overbookd.backend.simulated;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.overbookd.backend.simulated.load.TraceLoad;
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

    /**
     * @throws InputException naming the file and line of the first malformed row
     */
    /**
     * The value of {@code name}, parsed; a value that does not parse is an error naming the column,
     * the value and what was expected (the caller adds file and line).
     */
    private static <T> T column(CSVRecord row, String name, java.util.function.Function<String, T> parse,
            String expected) {
        String raw = row.get(name);
        try {
            return parse.apply(raw);
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new IllegalArgumentException("column " + name + ": '" + raw + "' is not " + expected, e);
        }
    }

    public static RecordedWorkload read(Path file) throws InputException {
        record Sample(long seconds, double cpu) {
        }
        Map<Integer, String[]> hostInfo = new LinkedHashMap<>();
        Map<Integer, Map<Long, String>> vmNames = new LinkedHashMap<>();
        Map<Long, List<Sample>> samples = new LinkedHashMap<>();
        Instant first = null;
        long last = 0;
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8); CSVParser csv = CSVParser.parse(in, format)) {
            for (String column : List.of("time", "host_id", "host_name", "cores", "vm_id", "vm_name", "qos", "cpu")) {
                if (!csv.getHeaderMap().containsKey(column)) {
                    throw new InputException(file + ":1: no column '" + column + "' (is it a record.file?)");
                }
            }
            for (CSVRecord row : csv) {
                String where = file + ":" + (row.getRecordNumber() + 1) + ": ";
                if (!row.isConsistent()) {
                    throw new InputException(where + row.size() + " fields where the header has "
                            + csv.getHeaderNames().size());
                }
                try {
                    Instant time = column(row, "time", Instant::parse, "an ISO-8601 instant");
                    first = first == null ? time : first;
                    long seconds = time.getEpochSecond() - first.getEpochSecond();
                    if (seconds < 0) {
                        throw new InputException(where + "time goes backwards");
                    }
                    last = Math.max(last, seconds);
                    int host = column(row, "host_id", Integer::parseInt, "a whole number");
                    int cores = column(row, "cores", Integer::parseInt, "a whole number");
                    if (cores < 1) {
                        throw new InputException(where + "cores must be at least 1");
                    }
                    hostInfo.putIfAbsent(host, new String[] {row.get("host_name"), Integer.toString(cores)});
                    if (row.get("vm_id").isEmpty() || !row.get("qos").equals("HIGH")) {
                        continue;
                    }
                    long vm = column(row, "vm_id", Long::parseLong, "a whole number");
                    double cpu = column(row, "cpu", Double::parseDouble, "a number");
                    vmNames.computeIfAbsent(host, k -> new LinkedHashMap<>()).putIfAbsent(vm, row.get("vm_name"));
                    samples.computeIfAbsent(vm, k -> new ArrayList<>()).add(new Sample(seconds, cpu));
                } catch (IllegalArgumentException e) {
                    throw new InputException(where + e.getMessage());
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new InputException(file + ": cannot read: " + (e instanceof IOException io ? org.overbookd.io.IoReasons.of(io)
                    : org.overbookd.io.IoReasons.of((java.io.UncheckedIOException) e)));
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
}
