package org.overbookd.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * A CSV table written row by row: the header, then rows of cells, each cell typed as it is added
 * (text, a count, a number with fixed decimals by the table's {@link Decimals}). RFC 4180 quoting
 * where a cell needs it, '\n' line ends, UTF-8: the same rows give the same bytes on any machine.
 * Every result table of the models and the sweep is written through it.
 *
 * <pre>{@code
 * try (CsvTable t = CsvTable.create(file, List.of("id", "share"), Decimals.FORMATTER)) {
 *     t.text("a").fixed(0.25, 4).endRow();
 * }
 * }</pre>
 */
public final class CsvTable implements Closeable {

    private static final CSVFormat FORMAT =
            CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();

    private final CSVPrinter csv;
    /** The printer's own writer, which a row of plain cells is written to directly (see endRow). */
    private final Writer out;

    private final Decimals decimals;
    private final List<String> cells = new ArrayList<>();

    private CsvTable(Writer out, List<String> header, Decimals decimals) throws IOException {
        this.csv = new CSVPrinter(out, FORMAT);
        this.out = out;
        this.decimals = decimals;
        csv.printRecord(header);
    }

    /** A new file (replacing one there) with its header written. */
    public static CsvTable create(Path file, List<String> header, Decimals decimals) throws IOException {
        Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        try {
            return new CsvTable(out, header, decimals);
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** A table on a writer, which {@link #close} closes, with its header written. */
    public static CsvTable on(Writer out, List<String> header, Decimals decimals) throws IOException {
        return new CsvTable(out, header, decimals);
    }

    /** A whole table of rows already formatted, onto a writer that it closes. */
    public static void write(Writer out, List<String> header, List<List<String>> rows) throws IOException {
        try (CsvTable table = on(out, header, Decimals.FORMATTER)) {
            for (List<String> row : rows) {
                table.row(row);
            }
        }
    }

    /** A whole table of rows already formatted, into a new file. */
    public static void write(Path file, List<String> header, List<List<String>> rows) throws IOException {
        try (CsvTable table = create(file, header, Decimals.FORMATTER)) {
            for (List<String> row : rows) {
                table.row(row);
            }
        }
    }

    /** Writes a row of cells already formatted (the row being built must be empty). */
    public void row(List<String> row) throws IOException {
        if (!cells.isEmpty()) {
            throw new IllegalStateException("a row is being built: end it first");
        }
        csv.printRecord(row);
    }

    public CsvTable text(String value) {
        cells.add(value);
        return this;
    }

    /** An empty cell (a value that does not exist). */
    public CsvTable empty() {
        cells.add("");
        return this;
    }

    public CsvTable count(long value) {
        cells.add(Long.toString(value));
        return this;
    }

    /** The value with fixed decimals by the table's rounding; NaN prints as "NaN". */
    public CsvTable fixed(double value, int places) {
        cells.add(decimals.fixed(value, places));
        return this;
    }

    /** The value with fixed decimals by the table's rounding; NaN is an empty cell. */
    public CsvTable fixedOrEmpty(double value, int places) {
        cells.add(decimals.fixedOrEmpty(value, places));
        return this;
    }

    /**
     * Writes the row built since the last one. A row whose every cell is plain (see {@link #plain})
     * is written straight to the writer: the printer would write those very characters (it quotes a
     * cell only when empty and first, when it starts with a character up to '#', holds the
     * delimiter, a quote, CR or LF, or ends with one up to a space), and going through it, its lock
     * and its per-character checks, was about half of writing a month's 25 million request rows.
     * Any other row goes through the printer.
     */
    public void endRow() throws IOException {
        if (allPlain()) {
            for (int k = 0; k < cells.size(); k++) {
                if (k > 0) {
                    out.write(',');
                }
                out.write(cells.get(k));
            }
            out.write('\n');
        } else {
            csv.printRecord(cells);
        }
        cells.clear();
    }

    private boolean allPlain() {
        for (int k = 0; k < cells.size(); k++) {
            if (!plain(cells.get(k))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a cell is written as it is by the printer in every place of a row: not empty, and
     * only ASCII letters, digits, '.', '-' and '_' (what numbers, counts, booleans, class names and
     * plain ids are made of).
     */
    static boolean plain(String cell) {
        int n = cell.length();
        if (n == 0) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = cell.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '.'
                    || c == '-'
                    || c == '_';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** The rounding of this table's fixed-decimal cells, for cells formatted apart. */
    public Decimals decimals() {
        return decimals;
    }

    public void flush() throws IOException {
        csv.flush();
    }

    @Override
    public void close() throws IOException {
        csv.close();
    }
}
