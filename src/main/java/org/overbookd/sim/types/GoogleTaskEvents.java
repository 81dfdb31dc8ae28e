package org.overbookd.sim.types;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

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
public final class GoogleTaskEvents {

    private static final int FIELDS = 13;
    private static final int SUBMIT = 0;
    private static final int SCHEDULE = 1;
    private static final int FINISH = 4;
    /** The trace marks events after its end with this timestamp. */
    private static final long AFTER_END = Long.MAX_VALUE;

    private GoogleTaskEvents() {
    }

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

    private record Keyed(GoogleTask task, long job, long index) {
    }

    /**
     * The finished tasks, by arrival (then job, then task index), times in seconds from the first
     * arrival, at most {@code maxTasks} of them (the first by arrival).
     *
     * @throws DataFileException naming the file and line of the first malformed line, or the file if
     *                           it cannot be read
     */
    public static List<GoogleTask> read(Path file, int maxTasks) {
        String name = file.toString();
        try (InputStream raw = Files.newInputStream(file);
             InputStream in = name.endsWith(".gz") ? new GZIPInputStream(raw) : raw;
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return read(name, reader, maxTasks);
        } catch (NoSuchFileException e) {
            throw new DataFileException(name, 0, "no such file");
        } catch (IOException e) {
            throw new DataFileException(name, 0, "cannot read: " + e.getMessage());
        }
    }

    static List<GoogleTask> read(String name, BufferedReader reader, int maxTasks) throws IOException {
        Map<Long, Map<Long, Pending>> tasks = new HashMap<>();
        List<Keyed> finished = new ArrayList<>();
        int lineNo = 0;
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split(",", -1);
            if (f.length != FIELDS) {
                throw new DataFileException(name, lineNo, "expected " + FIELDS + " comma-separated fields (task_events format), found " + f.length);
            }
            long time = field(f[0], "timestamp", name, lineNo);
            long job = field(f[2], "job ID", name, lineNo);
            long index = field(f[3], "task index", name, lineNo);
            long event = field(f[5], "event type", name, lineNo);
            if (event < 0 || event > 8) {
                throw new DataFileException(name, lineNo, "event type " + event + " is not 0 to 8");
            }
            if (time == AFTER_END) {
                continue;
            }
            Map<Long, Pending> byIndex = tasks.computeIfAbsent(job, k -> new HashMap<>());
            Pending p = byIndex.get(index);
            if (event == SUBMIT && p == null) {
                double cpu = request(f[9], "CPU request", name, lineNo);
                double memory = request(f[10], "memory request", name, lineNo);
                if (!Double.isNaN(cpu) && !Double.isNaN(memory)) {
                    byIndex.put(index, new Pending(time, cpu, memory));
                }
            } else if (event == SCHEDULE && p != null && !p.done) {
                p.scheduled = time;
            } else if (event == FINISH && p != null && !p.done && p.scheduled >= 0) {
                p.done = true;
                finished.add(new Keyed(new GoogleTask(p.submitted / 1e6, (time - p.scheduled) / 1e6, p.cpu, p.memory), job, index));
            }
        }
        finished.sort(Comparator.comparingDouble((Keyed k) -> k.task().arrival())
                .thenComparingLong(Keyed::job).thenComparingLong(Keyed::index));
        List<GoogleTask> out = new ArrayList<>(Math.min(finished.size(), maxTasks));
        double origin = finished.isEmpty() ? 0 : finished.get(0).task().arrival();
        for (Keyed k : finished.subList(0, Math.min(finished.size(), maxTasks))) {
            GoogleTask t = k.task();
            out.add(new GoogleTask(t.arrival() - origin, t.service(), t.cpu(), t.memory()));
        }
        return out;
    }

    private static long field(String text, String what, String name, int line) {
        Long v = Numbers.integer(text);
        if (v == null || v < 0) {
            throw new DataFileException(name, line, what + " '" + text + "' is not a non-negative integer");
        }
        return v;
    }

    /** A normalized request in [0, 1]; NaN when the field is empty (the trace leaves some out). */
    private static double request(String text, String what, String name, int line) {
        if (text.isEmpty()) {
            return Double.NaN;
        }
        Double v = Numbers.decimal(text);
        if (v == null || v < 0 || v > 1) {
            throw new DataFileException(name, line, what + " '" + text + "' is not a number from 0 to 1");
        }
        return v;
    }
}
