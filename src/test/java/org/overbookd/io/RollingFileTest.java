package org.overbookd.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.testing.ManualClock;

class RollingFileTest {

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-24T10:00:00Z"));

    private List<String> allLines(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        for (Path part : RollingFile.rolled(file)) {
            lines.addAll(Files.readAllLines(part));
        }
        lines.addAll(Files.readAllLines(file));
        return lines;
    }

    @Test
    void rollsBySizeWithoutSplittingALineAndKeepsTheNewestFiles() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        List<String> written = new ArrayList<>();
        try (RollingFile out = new RollingFile(file, new RollingFile.Policy(100, 3), false, clock)) {
            for (int i = 0; i < 20; i++) {
                String line = "{\"n\":" + i + ",\"pad\":\"" + "x".repeat(i % 7 * 5) + "\"}";
                out.append(line);
                written.add(line);
            }
        }
        List<Path> rolled = RollingFile.rolled(file);
        assertEquals(3, rolled.size(), "the oldest beyond max-history are deleted: " + rolled);
        for (Path part : rolled) {
            assertTrue(Files.size(part) <= 100, part + " is " + Files.size(part) + " bytes");
            assertTrue(part.getFileName().toString().startsWith("audit.2026-11-24."), part.toString());
            assertTrue(Files.readString(part).endsWith("\n"), "a rolled file ends on a whole line");
        }
        List<String> kept = allLines(file);
        assertEquals(
                written.subList(written.size() - kept.size(), written.size()),
                kept,
                "what is kept is the newest lines, whole and in order");
    }

    /**
     * A CSV left by an older version, under another header: its rows keep their header in a rolled
     * file of their own, and the new rows start a file with the new one. One header per file, so
     * every file reads as a table; a file already under the header is appended to.
     */
    @Test
    void aFileUnderAnotherHeaderIsRolledAtStartSoThatEachFileHasItsOwnRowsUnderIt() throws IOException {
        Path file = dir.resolve("record.csv");
        Files.write(file, List.of("time,cpu", "t0,10.0"));
        Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2026-11-23T23:55:00Z")));
        try (RollingFile out =
                new RollingFile(file, new RollingFile.Policy(1 << 20, 10), false, clock, "time,cpu,vcpus")) {
            out.append("t1,20.0,2");
        }
        Files.setLastModifiedTime(file, FileTime.from(clock.instant())); // written today, by the clock of the test
        try (RollingFile out =
                new RollingFile(file, new RollingFile.Policy(1 << 20, 10), false, clock, "time,cpu,vcpus")) {
            out.append("t2,30.0,2");
        }
        assertEquals(List.of(dir.resolve("record.2026-11-23.1.csv")), RollingFile.rolled(file));
        assertEquals(
                List.of("time,cpu", "t0,10.0"),
                Files.readAllLines(RollingFile.rolled(file).get(0)));
        assertEquals(
                List.of("time,cpu,vcpus", "t1,20.0,2", "t2,30.0,2"),
                Files.readAllLines(file),
                "under its header, the second start appends");
    }

    @Test
    void rollsAtTheFirstWriteOfANewDayNamingTheFileByItsDay() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        try (RollingFile out = new RollingFile(file, new RollingFile.Policy(1 << 20, 10), false, clock)) {
            out.append("monday");
            clock.set(Instant.parse("2026-11-25T00:00:01Z"));
            out.append("tuesday");
        }
        assertEquals(List.of(dir.resolve("audit.2026-11-24.1.jsonl")), RollingFile.rolled(file));
        assertEquals(List.of("monday", "tuesday"), allLines(file));
    }

    @Test
    void aRenamedFileIsLeftAloneAndThePathOpenedAnew() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        try (RollingFile out = new RollingFile(file, new RollingFile.Policy(1 << 20, 10), false, clock)) {
            out.append("before");
            Files.move(file, dir.resolve("audit.jsonl.1")); // what logrotate does
            out.append("after");
        }
        assertEquals(List.of("before"), Files.readAllLines(dir.resolve("audit.jsonl.1")));
        assertEquals(List.of("after"), Files.readAllLines(file));
    }

    @Test
    void aVanishedDirectoryFailsTheWriteNamingThePathAndIsNotMadeAgain() throws IOException {
        Path logs = dir.resolve("logs");
        Path file = logs.resolve("audit.jsonl");
        try (RollingFile out = new RollingFile(file, new RollingFile.Policy(1 << 20, 10), true, clock)) {
            out.append("one");
            Files.delete(file);
            Files.delete(logs);
            IOException e = assertThrows(IOException.class, () -> out.append("two"));
            assertTrue(
                    e.getMessage().contains(file.toString()) && e.getMessage().contains("no such file"),
                    e.getMessage());
            assertFalse(Files.exists(logs));
            Files.createDirectories(logs);
            out.append("three");
        }
        assertEquals(List.of("three"), Files.readAllLines(file));
    }

    @Test
    void aTornLastLineStaysALineOfItsOwn() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        Files.writeString(file, "{\"whole\":1}\n{\"torn", StandardCharsets.UTF_8); // a crash mid-write
        // earlier on the clock's day: a file last written on another day rolls at the first append,
        // and this test's day is the clock's, not the machine's (it failed on every day but 2026-11-24)
        Files.setLastModifiedTime(file, FileTime.from(clock.instant()));
        try (RollingFile out = new RollingFile(file, new RollingFile.Policy(1 << 20, 10), false, clock)) {
            out.append("{\"next\":2}");
        }
        assertEquals(List.of("{\"whole\":1}", "{\"torn", "{\"next\":2}"), Files.readAllLines(file));
    }

    @Test
    void everyNewFileStartsWithTheHeader() throws IOException {
        Path file = dir.resolve("record.csv");
        try (RollingFile out = new RollingFile(file, new RollingFile.Policy(40, 10), false, clock, "time,host")) {
            for (int i = 0; i < 6; i++) {
                out.append("2026-11-24T10:00:0" + i + "Z,1");
            }
        }
        List<Path> parts = new ArrayList<>(RollingFile.rolled(file));
        parts.add(file);
        assertTrue(parts.size() > 2, "it rolled: " + parts);
        for (Path part : parts) {
            List<String> lines = Files.readAllLines(part);
            assertEquals("time,host", lines.get(0), part.toString());
            assertTrue(lines.size() >= 2, "no file holds the header alone: " + part);
        }
    }

    @Test
    void aRolledFileThatCannotBeDeletedDoesNotFailTheWrite() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        // something that looks like the oldest rolled file but cannot be deleted: a non-empty directory
        Files.createDirectories(dir.resolve("audit.2026-11-01.1.jsonl").resolve("inside"));
        try (RollingFile out = new RollingFile(file, new RollingFile.Policy(20, 1), true, clock)) {
            for (int i = 0; i < 5; i++) {
                out.append("{\"n\":" + i + ",\"pad\":\"xxxxxxxx\"}");
            }
        }
        assertEquals("{\"n\":4,\"pad\":\"xxxxxxxx\"}", Files.readAllLines(file).get(0), "every write went through");
    }
}
