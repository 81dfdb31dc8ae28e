package org.overbookd.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvTableTest {

    @Test
    void typedCellsWithTheTablesRoundingAndNewlineEndings(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("t.csv");
        try (CsvTable t = CsvTable.create(file, List.of("name", "n", "x", "maybe"), Decimals.SCALED)) {
            t.text("a,b").count(-3).fixed(1.005, 2).fixedOrEmpty(Double.NaN, 1).endRow();
            t.text("c").count(0).fixed(Double.NaN, 2).fixedOrEmpty(0.25, 1).endRow();
        }
        assertEquals("name,n,x,maybe\n\"a,b\",-3,1.00,\nc,0,NaN,0.3\n", Files.readString(file, StandardCharsets.UTF_8));
    }

    /** The whole-table form is what the summary tables use; an empty first cell is quoted so the line is not blank. */
    @Test
    void rowsAlreadyFormattedOntoAWriter() throws IOException {
        StringWriter out = new StringWriter();
        CsvTable.write(out, List.of("a", "b"), List.of(List.of("", "1"), List.of("x\"y", "")));
        assertEquals("a,b\n\"\",1\n\"x\"\"y\",\n", out.toString());
    }

    @Test
    void aFormattedRowCannotCutIntoARowBeingBuilt() throws IOException {
        try (CsvTable t = CsvTable.on(new StringWriter(), List.of("a"), Decimals.FORMATTER)) {
            t.text("half");
            assertThrows(IllegalStateException.class, () -> t.row(List.of("x")));
        }
    }

    /**
     * Rows of plain cells are written without the printer: random rows of cells drawn from plain
     * characters and from every character the printer treats apart (quote, delimiter, CR, LF,
     * space, '#', the controls, a non-ASCII letter, the empty cell), mixed in one table, must give
     * the printer's own bytes.
     */
    @Test
    void plainRowsWrittenDirectlyAreThePrintersBytes() throws IOException {
        String alphabet = "aZ09.-_,\"\r\n #!\t\u0000\u00e9;:/+=";
        SplittableRandom random = new SplittableRandom(34);
        List<List<String>> rows = new ArrayList<>();
        int plainRows = 0;
        for (int r = 0; r < 5_000; r++) {
            List<String> row = new ArrayList<>();
            boolean onlyPlain = random.nextInt(2) == 0;
            for (int c = 0, n = 1 + random.nextInt(5); c < n; c++) {
                StringBuilder cell = new StringBuilder();
                for (int k = 0, len = random.nextInt(onlyPlain ? 1 : 0, 6); k < len; k++) {
                    cell.append(alphabet.charAt(random.nextInt(onlyPlain ? 7 : alphabet.length())));
                }
                row.add(cell.toString());
            }
            plainRows += row.stream().allMatch(CsvTable::plain) ? 1 : 0;
            rows.add(row);
        }
        StringWriter ours = new StringWriter();
        try (CsvTable t = CsvTable.on(ours, List.of("a", "b"), Decimals.FORMATTER)) {
            for (List<String> row : rows) {
                row.forEach(t::text);
                t.endRow();
            }
        }
        StringWriter theirs = new StringWriter();
        try (CSVPrinter p = new CSVPrinter(
                theirs, CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get())) {
            p.printRecord(List.of("a", "b"));
            for (List<String> row : rows) {
                p.printRecord(row);
            }
        }
        assertEquals(theirs.toString(), ours.toString());
        // both paths were taken, many times each
        assertEquals(true, plainRows > 1_000 && plainRows < 4_000, "plain rows: " + plainRows);
    }
}
