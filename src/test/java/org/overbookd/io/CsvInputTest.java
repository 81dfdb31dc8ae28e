package org.overbookd.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CsvInputTest {

    private static final CsvInput.Columns XY = CsvInput.Columns.exactly(List.of("x", "y"), List.of("note"));

    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    private static List<CsvInput.Row> all(CsvInput in) throws InputException {
        List<CsvInput.Row> rows = new ArrayList<>();
        try (in) {
            in.forEach(rows::add);
        }
        return rows;
    }

    @Test
    void gzippedRowsWithAHeaderStreamWithTheirLinesSkippingBlankOnes() throws Exception {
        Path f = dir.resolve("t.csv.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(f))) {
            out.write("y , x\n1,2\n\n   \n 3 ,4\n".getBytes(StandardCharsets.UTF_8));
        }
        List<CsvInput.Row> rows = all(CsvInput.withHeader(f, XY));
        assertEquals(2, rows.size());
        assertEquals(List.of(2L, 5L), rows.stream().map(CsvInput.Row::line).toList());
        assertEquals(4, rows.get(1).whole("x", 0, 10), "fields are trimmed");
        assertEquals("", rows.get(1).text("note"), "an optional column left out reads as empty");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "not a number      | 1,abc  | y 'abc' is not a number",
                "NaN               | 1,NaN  | y 'NaN' is not a number",
                "hexadecimal       | 1,0x1p3 | y '0x1p3' is not a number",
                "trailing d        | 1,2d   | y '2d' is not a number",
                "below the minimum | 1,-1   | y -1 must be a finite number at least 0",
                "overflow          | 1,1e999 | y 1e999 must be a finite number at least 0",
                "empty             | 1,     | y is empty",
                "not whole         | 1.5,1  | x '1.5' is not a whole number",
                "out of range      | 11,1   | x 11 is outside 0 to 10",
                "short row         | 1      | expected 2 fields, found 1",
            })
    void aBadValueNamesFileLineAndColumn(String name, String row, String expected) throws IOException {
        Path f = file("v.csv", "x,y\n0,0\n" + row + "\n");
        InputException e = assertThrows(InputException.class, () -> {
            for (CsvInput.Row r : all(CsvInput.withHeader(f, XY))) {
                r.whole("x", 0, 10);
                r.number("y", 0, false);
            }
        });
        assertEquals(f + ":3: " + expected, e.getMessage());
    }

    @Test
    void theHeaderIsCheckedByName() throws Exception {
        Path f = file("h.csv", "x,z\n1,2\n");
        InputException e = assertThrows(InputException.class, () -> CsvInput.withHeader(f, XY));
        assertEquals(
                f + ":1: unknown column 'z', missing column 'y'; the header must name x, y, note (optional)",
                e.getMessage());
        e = assertThrows(
                InputException.class,
                () -> CsvInput.withHeader(f, CsvInput.Columns.atLeast(List.of("x", "y"), List.of())));
        assertEquals(
                f + ":1: missing column 'y'; the header must name x, y",
                e.getMessage(),
                "a format that ignores other columns still needs its own");
        Path ok = file("ok.csv", "x,z,y\n1,2,3\n");
        assertEquals(
                3.0,
                all(CsvInput.withHeader(ok, CsvInput.Columns.atLeast(List.of("x", "y"), List.of())))
                        .get(0)
                        .number("y", 0, false));
    }

    @Test
    void headerlessRowsAreReadByPosition() throws Exception {
        Path f = file("p.csv", "7,,x\n8,0.5\n");
        try (CsvInput in = CsvInput.headerless(f)) {
            CsvInput.Row first = in.next();
            assertFalse(in.has("x"));
            assertEquals(7, first.whole(0, "time"));
            assertTrue(Double.isNaN(first.numberOrNaN(1, "cpu")));
            CsvInput.Row second = in.next();
            InputException e = assertThrows(InputException.class, () -> second.requireWidth(3, "an event"));
            assertEquals(f + ":2: expected 3 fields of an event, found 2", e.getMessage());
            assertNull(in.next());
        }
    }

    @Test
    void unreadableInputIsNamedWithoutJava() throws IOException {
        Path missing = dir.resolve("nope.csv");
        InputException gone = assertThrows(InputException.class, () -> CsvInput.headerless(missing));
        assertEquals(missing + ": no such file", gone.getMessage());
        assertTrue(gone.unreadable(), "never read: exit 66");
        Path binary = dir.resolve("bin.csv");
        Files.write(binary, new byte[] {'x', ',', 'y', '\n', '1', ',', (byte) 0xff, '\n'});
        InputException e = assertThrows(InputException.class, () -> all(CsvInput.withHeader(binary, XY)));
        assertTrue(
                e.getMessage().startsWith(binary + ":")
                        && e.getMessage().endsWith("cannot read: not a UTF-8 text file"),
                e.getMessage());
        assertFalse(e.unreadable(), "read, and wrong: exit 65");
        Path quote = file("q.csv", "x,y\n1,2\n\"3,4\n5,6\n");
        e = assertThrows(InputException.class, () -> all(CsvInput.withHeader(quote, XY)));
        assertTrue(e.getMessage().startsWith(quote + ":3: unreadable CSV: "), e.getMessage());
        assertFalse(e.unreadable(), e.getMessage());
        // the same in the header line, which the parser reads as it opens: the file's contents still
        Path header = file("h.csv", "x,\"y\n1,2\n");
        e = assertThrows(InputException.class, () -> all(CsvInput.withHeader(header, XY)));
        assertTrue(e.getMessage().startsWith(header + ":1: unreadable CSV: "), e.getMessage());
        assertFalse(e.unreadable(), e.getMessage());
    }
}
