package org.overbookd.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Google's cluster-data 2019 {@code instance_usage} table as BigQuery exports it: newline-delimited
 * JSON, one object a line (plain or .gz), integers written as strings or numbers, nested records as
 * objects. The fields read, from the trace's schema (github.com/google/cluster-data,
 * clusterdata_trace_format_v3.proto and the "Google cluster-usage traces v3" document):
 * <pre>
 *   start_time, end_time (microseconds)  collection_id  instance_index  machine_id
 *   collection_type (0 a job, 1 an alloc set)  average_usage { cpus, memory } (normalised)
 * </pre>
 * Every other field is skipped. A line longer than {@value #MAX_LINE} characters is refused.
 */
public final class GoogleInstanceUsageRows {

    static final int MAX_LINE = 1 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    private GoogleInstanceUsageRows() {}

    /** One measurement window of one instance: its mean CPU in the trace's normalised units. */
    public record Usage(
            long startMicros,
            long endMicros,
            long collectionId,
            long instanceIndex,
            long machineId,
            int collectionType,
            double averageCpus) {}

    public static void forEach(Path file, AzureVmRows.Visitor<Usage> visit) throws InputException {
        long line = 0;
        try (BufferedReader in = InputFiles.open(file)) {
            for (String text = in.readLine(); text != null; text = in.readLine()) {
                line++;
                if (text.isBlank()) {
                    continue;
                }
                if (text.length() > MAX_LINE) {
                    throw new InputException(
                            file, line, "a line of " + text.length() + " characters (at most " + MAX_LINE + ")");
                }
                visit.accept(parse(file, line, text));
            }
        } catch (IOException e) {
            throw InputException.cannotRead(file, line, e);
        }
    }

    private static Usage parse(Path file, long line, String text) throws InputException {
        JsonNode row;
        try {
            row = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new InputException(file, line, "not a JSON object: " + e.getOriginalMessage());
        }
        if (row == null || !row.isObject()) {
            throw new InputException(file, line, "not a JSON object");
        }
        long start = whole(file, line, row, "start_time");
        long end = whole(file, line, row, "end_time");
        if (end < start) {
            throw new InputException(file, line, "end_time " + end + " is before start_time " + start);
        }
        JsonNode average = row.get("average_usage");
        JsonNode cpus = average == null ? null : average.get("cpus");
        double cpu = cpus == null || cpus.isNull() ? Double.NaN : number(file, line, cpus, "average_usage.cpus");
        JsonNode type = row.get("collection_type");
        return new Usage(
                start,
                end,
                whole(file, line, row, "collection_id"),
                whole(file, line, row, "instance_index"),
                whole(file, line, row, "machine_id"),
                type == null || type.isNull() ? 0 : (int) number(file, line, type, "collection_type"),
                cpu);
    }

    private static long whole(Path file, long line, JsonNode row, String field) throws InputException {
        JsonNode v = row.get(field);
        if (v == null || v.isNull()) {
            throw new InputException(file, line, field + ": missing");
        }
        Long n = v.isIntegralNumber()
                ? Long.valueOf(v.asLong())
                : v.isTextual() ? StrictNumbers.integer(v.asText()) : null;
        if (n == null || n < 0) {
            throw new InputException(file, line, field + " '" + v + "' is not a whole number >= 0");
        }
        return n;
    }

    private static double number(Path file, long line, JsonNode v, String field) throws InputException {
        Double d =
                v.isNumber() ? Double.valueOf(v.asDouble()) : v.isTextual() ? StrictNumbers.decimal(v.asText()) : null;
        if (d == null || !Double.isFinite(d) || d < 0) {
            throw new InputException(file, line, field + " '" + v + "' is not a finite number >= 0");
        }
        return d;
    }
}
