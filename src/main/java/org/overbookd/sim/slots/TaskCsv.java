package org.overbookd.sim.slots;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.io.CsvInput;
import org.overbookd.io.InputException;
import org.overbookd.policy.hybrid.Priorities;

/**
 * Reads our own trace format: CSV with the header {@code id,submit_s,priority,cpu_seconds} and
 * optionally {@code memory}, columns in any order, one task per row. Ids must be unique; rows need
 * not be sorted (tasks are ordered by submission, ties kept in file order).
 */
public final class TaskCsv {

    static final List<String> REQUIRED = List.of("id", "submit_s", "priority", "cpu_seconds");
    static final List<String> OPTIONAL = List.of("memory");

    private TaskCsv() {}

    public static List<Task> read(Path file) throws InputException {
        List<Task> tasks = new ArrayList<>();
        Map<String, Long> lineOfId = new HashMap<>();
        try (CsvInput rows = CsvInput.withHeader(file, CsvInput.Columns.exactly(REQUIRED, OPTIONAL))) {
            boolean withMemory = rows.has("memory");
            for (CsvInput.Row row = rows.next(); row != null; row = rows.next()) {
                String id = row.required("id");
                Long earlier = lineOfId.putIfAbsent(id, row.line());
                if (earlier != null) {
                    throw row.problem("id '" + id + "' already used on line " + earlier);
                }
                double submit = row.number("submit_s", 0, false);
                int priority = row.whole("priority", Priorities.LOWEST, Priorities.HIGHEST);
                double cpu = row.number("cpu_seconds", 0, true);
                double memory = withMemory ? row.number("memory", 0, false) : Double.NaN;
                tasks.add(new Task(id, submit, priority, cpu, memory));
            }
        }
        if (tasks.isEmpty()) {
            throw new InputException(file, "no tasks");
        }
        return Workloads.bySubmission(tasks);
    }
}
