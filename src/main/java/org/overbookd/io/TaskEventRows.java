package org.overbookd.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.IntFunction;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * The rows of a Google cluster-data 2011 {@code task_events} file (headerless CSV, plain or .gz), as
 * typed events. Each simulator maps events to its own model; this class only guarantees that every
 * event it hands over is well formed, and that every problem names the file and line.
 * <pre>
 *   0 timestamp (microseconds)   1 missing info   2 job ID   3 task index   4 machine ID
 *   5 event type                 6 user           7 scheduling class       8 priority
 *   9 CPU request               10 memory request 11 disk request          12 different-machines restriction
 * </pre>
 */
public final class TaskEventRows {

    public static final int FIELDS = 13;

    public static final int SUBMIT = 0;
    public static final int SCHEDULE = 1;
    public static final int EVICT = 2;
    public static final int FAIL = 3;
    public static final int FINISH = 4;
    public static final int KILL = 5;
    public static final int LOST = 6;
    public static final int UPDATE_PENDING = 7;
    public static final int UPDATE_RUNNING = 8;

    /** The trace's timestamp for "after the end of the trace window". */
    public static final long AFTER_THE_TRACE = Long.MAX_VALUE;

    // Double.parseDouble alone would take "NaN", "Infinity", hexadecimal and a trailing "d".
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private TaskEventRows() {
    }

    /**
     * One row. Only the columns some simulator uses are read; machine ID, user, scheduling class and
     * the others stay unparsed so that their quirks in the published trace cannot reject a file.
     * Requests are NaN where the trace leaves them empty.
     */
    public record TaskEvent(Path file, long line, long timeMicros, long jobId, long taskIndex, int eventType,
                            int priority, double cpu, double memory) {

        /** "JOB-INDEX", the name every simulator gives a task. */
        public String taskId() {
            return jobId + "-" + taskIndex;
        }

        public boolean afterTheTrace() {
            return timeMicros == AFTER_THE_TRACE;
        }

        /** A problem with this row, in the caller's own terms. */
        public InputException problem(String text) {
            return new InputException(file, line, text);
        }
    }

    /** What a caller does with each event; it may reject one with {@link TaskEvent#problem}. */
    @FunctionalInterface
    public interface Visitor {
        void accept(TaskEvent event) throws InputException;
    }

    /**
     * Visits the events of {@code file} in file order, skipping blank lines. The callers' tests pin
     * different words for a row of the wrong width, hence {@code wrongWidth} (given the fields found).
     */
    public static void forEach(Path file, IntFunction<String> wrongWidth, Visitor visit) throws InputException {
        long line = 0;
        try (BufferedReader in = open(file)) {
            for (String text = in.readLine(); text != null; text = in.readLine()) {
                line++;
                if (!text.isBlank()) {
                    visit.accept(parse(file, line, text, wrongWidth));
                }
            }
        } catch (IOException | UncheckedIOException e) {
            throw new InputException(file, line, "cannot read: " + e.getMessage());
        }
    }

    /** A trace file's text, gunzipped if its name ends in .gz; the trace ships both ways. */
    public static BufferedReader open(Path file) throws InputException {
        try {
            InputStream in = Files.newInputStream(file);
            if (file.getFileName().toString().endsWith(".gz")) {
                in = new GZIPInputStream(in, 1 << 16);
            }
            return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        } catch (NoSuchFileException e) {
            throw new InputException(file, "no such file");
        } catch (IOException e) {
            throw new InputException(file, "cannot read: " + e.getMessage());
        }
    }

    private static TaskEvent parse(Path file, long line, String text, IntFunction<String> wrongWidth)
            throws InputException {
        String[] f = text.split(",", -1);
        Fields row = new Fields(file, line, f);
        if (f.length != FIELDS) {
            throw row.problem(wrongWidth.apply(f.length));
        }
        long time = row.count(0, "timestamp");
        long job = row.count(2, "job ID");
        long index = row.count(3, "task index");
        long type = row.whole(5, "event type");
        if (type < SUBMIT || type > UPDATE_RUNNING) {
            throw row.problem("event type " + type + " is outside " + SUBMIT + " to " + UPDATE_RUNNING);
        }
        long priority = row.whole(8, "priority");
        if (priority < Integer.MIN_VALUE || priority > Integer.MAX_VALUE) {
            throw row.problem("priority " + priority + " is not an int");
        }
        return new TaskEvent(file, line, time, job, index, (int) type, (int) priority,
                row.request(9, "CPU request"), row.request(10, "memory request"));
    }

    /** The split fields of one line, read as typed values with errors naming file and line. */
    private record Fields(Path file, long line, String[] f) {

        InputException problem(String text) {
            return new InputException(file, line, text);
        }

        long whole(int column, String name) throws InputException {
            String t = f[column].trim();
            try {
                return Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw problem(name + " '" + t + "' is not a whole number");
            }
        }

        /** A whole number at least 0: timestamps and identifiers. */
        long count(int column, String name) throws InputException {
            long value = whole(column, name);
            if (value < 0) {
                throw problem(name + " " + value + " is negative");
            }
            return value;
        }

        /** A finite number at least 0, NaN when empty. */
        double request(int column, String name) throws InputException {
            String t = f[column].trim();
            if (t.isEmpty()) {
                return Double.NaN;
            }
            if (!DECIMAL.matcher(t).matches()) {
                throw problem(name + " '" + t + "' is not a number");
            }
            double value = Double.parseDouble(t);
            if (!Double.isFinite(value) || value < 0) {
                throw problem(name + " " + t + " must be a finite number at least 0");
            }
            return value;
        }
    }
}
