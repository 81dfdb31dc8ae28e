package org.overbookd.sim.slots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.overbookd.io.InputException;

class TaskCsvTest {

    @TempDir
    Path dir;

    private Path file(String text) throws IOException {
        Path f = dir.resolve("tasks.csv");
        Files.writeString(f, text);
        return f;
    }

    @Test
    void readsTasksInAnyColumnOrderSortedBySubmission() throws Exception {
        Path f = file("priority,id,cpu_seconds,submit_s,memory\n4,b,2.5,10,0.1\n0,\"a,1\",1,5,0\n9,c,3,10,0.2\n");
        List<Task> tasks = TaskCsv.read(f);
        assertEquals(List.of("a,1", "b", "c"), tasks.stream().map(Task::id).toList());
        assertEquals(new Task("b", 10, 4, 2.5, 0.1), tasks.get(1));
    }

    @Test
    void memoryIsOptional() throws Exception {
        Task t = TaskCsv.read(file("id,submit_s,priority,cpu_seconds\nx,0,11,1e3\n"))
                .get(0);
        assertEquals(1000.0, t.cpuSeconds());
        assertTrue(Double.isNaN(t.memory()));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "priority too high  | x,0,12,1           | 3 | priority 12 is outside 0 to 11",
                "priority not whole | x,0,high,1         | 3 | priority 'high' is not a whole number",
                "no cpu             | x,0,1,0            | 3 | cpu_seconds 0 must be a finite number above 0",
                "negative submit    | x,-1,1,1           | 3 | submit_s -1 must be a finite number at least 0",
                "not a number       | x,soon,1,1         | 3 | submit_s 'soon' is not a number",
                "missing field      | x,0,1              | 3 | expected 4 fields, found 3",
                "duplicate id       | a,0,1,1            | 3 | id 'a' already used on line 2",
                "empty id           | ,0,1,1             | 3 | id is empty",
            })
    void aMalformedRowIsNamedByFileAndLine(String name, String row, int line, String expected) throws IOException {
        Path f = file("id,submit_s,priority,cpu_seconds\na,0,0,1\n" + row + "\nz,9,0,1\n");
        InputException e = assertThrows(InputException.class, () -> TaskCsv.read(f));
        assertEquals(f + ":" + line + ": " + expected, e.getMessage());
    }

    @Test
    void blankLinesDoNotShiftLineNumbers() throws IOException {
        Path f = file("id,submit_s,priority,cpu_seconds\n\na,0,0,1\n\nb,0,x,1\n");
        InputException e = assertThrows(InputException.class, () -> TaskCsv.read(f));
        assertTrue(e.getMessage().startsWith(f + ":5: priority 'x'"), e.getMessage());
    }

    @Test
    void anUnterminatedQuoteIsNamedByTheLineItStartsOn() throws IOException {
        Path f = file("id,submit_s,priority,cpu_seconds\na,0,0,1\n\"b,1,3,1\nc,2,0,1\n");
        InputException e = assertThrows(InputException.class, () -> TaskCsv.read(f));
        assertEquals(f + ":3: unreadable CSV: EOF reached before encapsulated token finished", e.getMessage());
    }

    @Test
    void aWrongHeaderIsLine1() throws IOException {
        Path f = file("id,submit,priority,cpu_seconds,memroy\na,0,0,1,0\n");
        InputException e = assertThrows(InputException.class, () -> TaskCsv.read(f));
        assertTrue(
                e.getMessage()
                        .startsWith(f + ":1: unknown column 'submit', unknown column 'memroy',"
                                + " missing column 'submit_s'"),
                e.getMessage());
    }

    @Test
    void aMissingFileIsATraceError() {
        Path missing = dir.resolve("nope.csv");
        InputException e = assertThrows(InputException.class, () -> TaskCsv.read(missing));
        assertEquals(missing + ": no such file", e.getMessage());
    }
}
