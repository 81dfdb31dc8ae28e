package org.overbookd.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
}
