package org.overbookd.sim.requests;

import org.overbookd.io.InputException;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * A CSV input with a header row, read whole, each row keeping its line number so every error can
 * name file and line. Required columns must be in the header; optional ones may be absent.
 */
final class CsvRows {

    /** One data row: its line in the file and its cells by column name. */
    record Row(Path file, long line, Map<String, String> cells) {

        String text(String column) throws InputException {
            String v = cells.get(column);
            if (v == null || v.isBlank()) {
                throw new InputException(file, line, "missing " + column);
            }
            return v.trim();
        }

        String optional(String column) {
            String v = cells.get(column);
            return v == null ? "" : v.trim();
        }

        double number(String column) throws InputException {
            String v = text(column);
            try {
                double d = Double.parseDouble(v);
                if (!Double.isFinite(d) || d < 0) {
                    throw new InputException(file, line, column + " must be a finite number >= 0: " + v);
                }
                return d;
            } catch (NumberFormatException e) {
                throw new InputException(file, line, column + " is not a number: " + v);
            }
        }
    }

    private CsvRows() {
    }

    static List<Row> read(Path file, List<String> required) throws InputException {
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
                .setIgnoreEmptyLines(true).setTrim(true).get();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            var parser = format.parse(in);
            List<String> header = parser.getHeaderNames();
            for (String column : required) {
                if (!header.contains(column)) {
                    throw new InputException(file, 1, "the header has no column " + column
                            + " (expected " + String.join(",", required) + ")");
                }
            }
            List<Row> rows = new ArrayList<>();
            for (CSVRecord r : parser) {
                long line = r.getParser().getCurrentLineNumber();
                if (r.size() != header.size()) {
                    throw new InputException(file, line, "expected " + header.size() + " fields, found " + r.size());
                }
                Map<String, String> cells = new LinkedHashMap<>();
                for (int i = 0; i < header.size(); i++) {
                    cells.put(header.get(i), r.get(i));
                }
                rows.add(new Row(file, line, cells));
            }
            return rows;
        } catch (IOException | UncheckedIOException e) {
            throw new InputException(file, "cannot be read: " + org.overbookd.io.IoReasons.of(e));
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new InputException(file, "malformed CSV: " + e.getMessage());
        }
    }

    /** key=value;key=value, as placement constraints and host attributes are written. */
    static Map<String, String> pairs(Row row, String column) throws InputException {
        Map<String, String> map = new LinkedHashMap<>();
        String text = row.optional(column);
        if (text.isEmpty()) {
            return map;
        }
        for (String pair : text.split(";")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new InputException(row.file(), row.line(), column + " must be key=value;...: " + pair);
            }
            map.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return map;
    }
}
