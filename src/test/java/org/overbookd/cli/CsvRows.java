package org.overbookd.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A result table (sweep.csv, frontier.csv) read back as rows of column to value, so that new columns shift nothing a test checks. */
final class CsvRows {

    private CsvRows() {}

    /** The rows of {@code file} after its header, in order; cells are plain (no quoting in these tables). */
    static List<Map<String, String>> of(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        String[] names = lines.get(0).split(",");
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] values = line.split(",", -1);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < names.length; i++) {
                row.put(names[i], values[i]);
            }
            rows.add(row);
        }
        return rows;
    }
}
