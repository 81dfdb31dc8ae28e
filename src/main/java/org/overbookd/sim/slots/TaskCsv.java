package org.overbookd.sim.slots;

import org.overbookd.io.InputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.policy.hybrid.Priorities;

/**
 * Reads our own trace format: CSV with the header {@code id,submit_s,priority,cpu_seconds} and
 * optionally {@code memory}, columns in any order, one task per row. Ids must be unique; rows need
 * not be sorted (tasks are ordered by submission, ties kept in file order).
 */
public final class TaskCsv {

    static final List<String> REQUIRED = List.of("id", "submit_s", "priority", "cpu_seconds");
    static final List<String> OPTIONAL = List.of("memory");

    private TaskCsv() {
    }

    public static List<Task> read(Path file) throws InputException {
        List<Task> tasks = new ArrayList<>();
        Map<String, Long> lineOfId = new HashMap<>();
        try (CsvRows rows = CsvRows.withHeader(file, REQUIRED, OPTIONAL)) {
            boolean withMemory = rows.has("memory");
            while (rows.next()) {
                rows.requireAllColumns();
                String id = rows.field("id");
                if (id.isEmpty()) {
                    throw rows.problem("id is empty");
                }
                Long earlier = lineOfId.putIfAbsent(id, rows.line());
                if (earlier != null) {
                    throw rows.problem("id '" + id + "' already used on line " + earlier);
                }
                double submit = rows.number("submit_s", rows.field("submit_s"), 0, false);
                int priority = rows.wholeNumber("priority", rows.field("priority"), Priorities.LOWEST, Priorities.HIGHEST);
                double cpu = rows.number("cpu_seconds", rows.field("cpu_seconds"), 0, true);
                double memory = withMemory ? rows.number("memory", rows.field("memory"), 0, false) : Double.NaN;
                tasks.add(new Task(id, submit, priority, cpu, memory));
            }
        }
        if (tasks.isEmpty()) {
            throw new InputException(file, "no tasks");
        }
        return Workloads.bySubmission(tasks);
    }
}
