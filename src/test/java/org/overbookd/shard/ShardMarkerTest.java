package org.overbookd.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.io.InputException;

/**
 * One marker format for every command that shards: what is written reads back the same, a marker of
 * another command or of an older overbookd is refused with a sentence that says what to do, and the
 * merge puts the rows of the slices back in run order.
 */
class ShardMarkerTest {

    private static final ShardKind ROUNDED = new ShardKind("sweep", "grid", "rows.csv", "a b", "merge them", Map.of());
    private static final ShardKind EXACT =
            new ShardKind("tune", "tune", "rows.csv", "", "merge them", Map.of("record", "copy the record once"));
    private static final Build BUILD = new Build("1.0", "c0ffee");

    @TempDir
    Path dir;

    /** Writes slice {@code slice} of 5 runs, each row its position, and its marker; returns the directory. */
    private Path shard(ShardKind kind, Slice slice, Map<String, String> described, String fingerprint)
            throws IOException {
        Path out = Files.createDirectories(dir.resolve(kind.command() + "-" + slice.index() + "-of-" + slice.count()));
        List<Integer> positions = slice.positions(5);
        StringBuilder rows = new StringBuilder("run,value\n");
        positions.forEach(p -> rows.append(p).append(',').append(p * 10).append('\n'));
        Files.writeString(out.resolve(kind.rowsFile()), rows);
        List<List<String>> exact = positions.stream()
                .map(p -> kind.exact().isEmpty() ? List.<String>of() : List.of(p + ".5", "1e-3"))
                .toList();
        new ShardMarker(
                        kind.command(),
                        slice,
                        5,
                        BUILD,
                        described,
                        fingerprint,
                        positions,
                        exact,
                        ShardMarker.sha256(Files.readAllBytes(out.resolve(kind.rowsFile()))))
                .write(out, kind);
        return out;
    }

    @Test
    void aMarkerReadsBackAsWritten() throws Exception {
        Map<String, String> described = new LinkedHashMap<>();
        described.put("zeta", "first, though last in the alphabet");
        described.put("alpha", "two\nlines");
        Path out = shard(ROUNDED, new Slice(2, 3), described, "f1");
        ShardMarker read = ShardMarker.read(out, ROUNDED);
        assertEquals(new Slice(2, 3), read.slice());
        assertEquals(List.of(1, 4), read.positions());
        assertEquals(List.of(List.of("1.5", "1e-3"), List.of("4.5", "1e-3")), read.exact());
        assertEquals(List.of("zeta", "alpha"), List.copyOf(read.described().keySet()), "in the order given");
        assertEquals("two lines", read.described().get("alpha"), "one line each");
        assertEquals(BUILD, read.build());
    }

    @Test
    void theMergePutsTheSlicesBackInRunOrder() throws Exception {
        Map<String, String> described = Map.of("record", "r1");
        Path s1 = shard(EXACT, new Slice(1, 2), described, "f");
        Path s2 = shard(EXACT, new Slice(2, 2), described, "f");
        ShardMerge.MergedRows merged =
                ShardMerge.merge(EXACT, List.of(s2, s1), BUILD, new ShardMerge.Expected(described, "f", 5));
        assertEquals(List.of("run", "value"), merged.header());
        for (int run = 0; run < 5; run++) {
            assertEquals(
                    List.of(Integer.toString(run), Integer.toString(run * 10)),
                    merged.rows().get(run));
        }
    }

    @Test
    void aShardOfAnotherWholeIsRefusedNamingWhatDiffersAndWhatMostOftenMakesItDiffer() throws IOException {
        Path s1 = shard(EXACT, new Slice(1, 2), Map.of("record", "r2"), "g");
        InputException e = assertThrows(
                InputException.class,
                () -> ShardMerge.merge(
                        EXACT, List.of(s1), BUILD, new ShardMerge.Expected(Map.of("record", "r1"), "f", 5)));
        assertEquals(
                s1.resolve(ShardMarker.FILE) + ": a shard of another tune than this merge's (record: the shard's is r2,"
                        + " this merge's r1; copy the record once)",
                e.getMessage());
        InputException otherBuild = assertThrows(
                InputException.class, () -> ShardMerge.merge(EXACT, List.of(s1), new Build("1.0", "beef"), null));
        assertTrue(
                otherBuild.getMessage().contains("computed by another build than this merge's"),
                otherBuild.getMessage());
    }

    @Test
    void aShardOfAnotherCommandIsRefused() throws IOException {
        Path out = shard(EXACT, new Slice(1, 1), Map.of(), "f");
        InputException e = assertThrows(InputException.class, () -> ShardMarker.read(out, ROUNDED));
        assertEquals(out.resolve(ShardMarker.FILE) + ": a tune shard, not a sweep shard", e.getMessage());
    }

    /** The markers sweep and tune wrote before they shared one format: refused, saying what to do. */
    @Test
    void theMarkersOfAnOlderOverbookdAreRefusedWithWhatToDo() throws IOException {
        Path oldSweep = Files.createDirectories(dir.resolve("old-sweep"));
        String body = "shard = 1/1\ngrid.runs = 1\ngrid.sha256 = ab\nrows = 0\nsweep.csv.sha256 = cd\n";
        Files.writeString(
                oldSweep.resolve(ShardMarker.FILE),
                body + "end = " + ShardMarker.sha256(body.getBytes(java.nio.charset.StandardCharsets.UTF_8)) + "\n");
        InputException sweep = assertThrows(InputException.class, () -> ShardMarker.read(oldSweep, ROUNDED));
        assertEquals(
                oldSweep.resolve(ShardMarker.FILE) + ": a shard of an older overbookd, whose markers this one does not"
                        + " read: run the shard again with this overbookd (shards merge only with the build that ran"
                        + " them)",
                sweep.getMessage());

        Path oldTune = Files.createDirectories(dir.resolve("old-tune"));
        Files.writeString(oldTune.resolve("tune-shard.properties"), "shard = 1/2\nruns = 4\n");
        InputException tune = assertThrows(InputException.class, () -> ShardMarker.read(oldTune, EXACT));
        assertTrue(
                tune.getMessage()
                        .startsWith(oldTune.resolve("tune-shard.properties") + ": a shard of an older overbookd"),
                tune.getMessage());
    }

    @Test
    void exactFiguresThatAreNotNumbersAreRefusedNamingTheLine() throws IOException {
        Path out = shard(ROUNDED, new Slice(1, 1), Map.of(), "f");
        Path file = out.resolve(ShardMarker.FILE);
        String text = Files.readString(file);
        String body = text.substring(0, text.lastIndexOf("end = ")).replace("exact.1 = 0.5 1e-3", "exact.1 = 0.5 x");
        Files.writeString(
                file,
                body + "end = " + ShardMarker.sha256(body.getBytes(java.nio.charset.StandardCharsets.UTF_8)) + "\n");
        InputException e = assertThrows(InputException.class, () -> ShardMarker.read(out, ROUNDED));
        assertTrue(e.getMessage().contains("'exact.1 = 0.5 x' is not what a shard writes"), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ":"), e.getMessage());
    }
}
