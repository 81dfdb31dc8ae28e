package org.overbookd.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskEventRowsTest {

    private static final String ROWS =
            "600000000,,42,3,,0,u,2,9,0.0625,,0.001,0\n\n" + "601000000,,42,3,7,1,u,2,9,0.0625,0.03,0.001,0\n";

    @TempDir
    Path dir;

    private List<TaskEventRows.TaskEvent> read(Path file) throws InputException {
        List<TaskEventRows.TaskEvent> events = new ArrayList<>();
        TaskEventRows.forEach(file, events::add);
        return events;
    }

    @Test
    void gzippedRowsBecomeTypedEventsWithTheirLines() throws Exception {
        Path f = dir.resolve("part.csv.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(f))) {
            out.write(ROWS.getBytes(StandardCharsets.UTF_8));
        }
        List<TaskEventRows.TaskEvent> events = read(f);
        assertEquals(
                new TaskEventRows.TaskEvent(f, 1, 600_000_000L, 42, 3, TaskEventRows.SUBMIT, 9, 0.0625, Double.NaN),
                events.get(0));
        assertEquals(3, events.get(1).line(), "the blank line is skipped but counted");
        assertEquals("42-3", events.get(1).taskId());
    }

    @Test
    void aMalformedRowIsNamedByFileAndLine() throws Exception {
        Path f = dir.resolve("events.csv");
        Files.writeString(f, ROWS.replace(",1,u,", ",9,u,"));
        InputException e = assertThrows(InputException.class, () -> read(f));
        assertEquals(f + ":3: event type 9 is outside 0 to 8", e.getMessage());
        Files.writeString(f, ROWS.replace("0.0625,,", "NaN,,"));
        e = assertThrows(InputException.class, () -> read(f));
        assertEquals(f + ":1: CPU request 'NaN' is not a number", e.getMessage());
        Files.writeString(f, "1,2\n");
        e = assertThrows(InputException.class, () -> read(f));
        assertEquals(f + ":1: expected 13 fields of a task_events row, found 2", e.getMessage());
        e = assertThrows(InputException.class, () -> read(dir.resolve("absent.csv")));
        assertTrue(e.getMessage().endsWith("absent.csv: no such file"), e.getMessage());
    }
}
