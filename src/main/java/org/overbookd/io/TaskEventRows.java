package org.overbookd.io;

import java.nio.file.Path;

/**
 * The rows of a Google cluster-data 2011 {@code task_events} file (headerless CSV, plain or .gz), as
 * typed events. Each simulator maps events to its own model; this class only guarantees that every
 * event it hands over is well formed, and that every problem names the file and line. The rows are
 * read by {@link CsvInput}, so a trace is worded like every other input file.
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

    private TaskEventRows() {}

    /**
     * One row. Only the columns some simulator uses are read; machine ID, user, scheduling class and
     * the others stay unparsed so that their quirks in the published trace cannot reject a file.
     * Requests are NaN where the trace leaves them empty.
     */
    public record TaskEvent(
            Path file,
            long line,
            long timeMicros,
            long jobId,
            long taskIndex,
            int eventType,
            int priority,
            double cpu,
            double memory) {

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

    /** Visits the events of {@code file} in file order, skipping blank lines. */
    public static void forEach(Path file, Visitor visit) throws InputException {
        try (CsvInput rows = CsvInput.headerless(file)) {
            for (CsvInput.Row row = rows.next(); row != null; row = rows.next()) {
                visit.accept(parse(row));
            }
        }
    }

    private static TaskEvent parse(CsvInput.Row row) throws InputException {
        row.requireWidth(FIELDS, "a task_events row");
        long time = row.nonNegative(0, "timestamp");
        long job = row.nonNegative(2, "job ID");
        long index = row.nonNegative(3, "task index");
        long type = row.whole(5, "event type");
        if (type < SUBMIT || type > UPDATE_RUNNING) {
            throw row.problem("event type " + type + " is outside " + SUBMIT + " to " + UPDATE_RUNNING);
        }
        long priority = row.whole(8, "priority");
        if (priority < Integer.MIN_VALUE || priority > Integer.MAX_VALUE) {
            throw row.problem("priority " + priority + " is not an int");
        }
        return new TaskEvent(
                row.file(),
                row.line(),
                time,
                job,
                index,
                (int) type,
                (int) priority,
                row.numberOrNaN(9, "CPU request"),
                row.numberOrNaN(10, "memory request"));
    }
}
