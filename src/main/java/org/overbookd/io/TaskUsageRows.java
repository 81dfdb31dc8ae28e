package org.overbookd.io;

import java.nio.file.Path;

/**
 * The rows of a Google cluster-data 2011 {@code task_usage} file (headerless CSV, plain or .gz), as
 * typed measurements: one row per task per usage interval (about five minutes) on one machine. Only
 * the columns a simulator uses are read; the others stay unparsed. clusterdata-2011-2 has 20 fields,
 * clusterdata-2011-1 the first 19 of them; both are accepted.
 * <pre>
 *   0 start time (microseconds)  1 end time (microseconds)  2 job ID  3 task index  4 machine ID
 *   5 CPU rate (mean, normalized cores)  6-18 memory, disk, CPI, sample portion, aggregation type
 *  19 sampled CPU usage (2011-2 only)
 * </pre>
 */
public final class TaskUsageRows {

    /** clusterdata-2011-1's width. */
    public static final int FIELDS_2011_1 = 19;
    /** clusterdata-2011-2's width (one column more: a sampled CPU usage). */
    public static final int FIELDS_2011_2 = 20;

    private TaskUsageRows() {}

    /**
     * One usage interval of one task. {@code cpuRate} is the mean CPU usage over the interval in the
     * trace's normalized cores (the unit of task_events' CPU request), NaN where the trace leaves it
     * empty.
     */
    public record TaskUsage(
            Path file, long line, long startMicros, long endMicros, long jobId, long taskIndex, double cpuRate) {

        /** "JOB-INDEX", as {@link TaskEventRows.TaskEvent#taskId()}. */
        public String taskId() {
            return jobId + "-" + taskIndex;
        }

        public InputException problem(String text) {
            return new InputException(file, line, text);
        }
    }

    @FunctionalInterface
    public interface Visitor {
        void accept(TaskUsage usage) throws InputException;
    }

    /** Visits the rows of {@code file} in file order, skipping blank lines. */
    public static void forEach(Path file, Visitor visit) throws InputException {
        try (CsvInput rows = CsvInput.headerless(file)) {
            for (CsvInput.Row row = rows.next(); row != null; row = rows.next()) {
                visit.accept(parse(row));
            }
        }
    }

    private static TaskUsage parse(CsvInput.Row row) throws InputException {
        if (row.size() != FIELDS_2011_1 && row.size() != FIELDS_2011_2) {
            throw row.problem("expected " + FIELDS_2011_2 + " fields of a task_usage row (or " + FIELDS_2011_1
                    + ", clusterdata-2011-1), found " + row.size());
        }
        long start = row.nonNegative(0, "start time");
        long end = row.nonNegative(1, "end time");
        if (end < start) {
            throw row.problem("end time " + end + " is before start time " + start);
        }
        return new TaskUsage(
                row.file(),
                row.line(),
                start,
                end,
                row.nonNegative(2, "job ID"),
                row.nonNegative(3, "task index"),
                row.numberOrNaN(5, "CPU rate"));
    }
}
