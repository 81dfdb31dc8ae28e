package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sweep --shard I/N} and {@code sweep merge}: N shards, whatever their thread counts and the
 * order they are named in, merge into the very bytes of one unsharded run; merge refuses what would
 * not.
 */
class SweepShardTest {

    @TempDir
    Path dir;

    /** 10 runs of a small world: 2 slot counts x (upper 90: lower 60, 70; upper 95: lower 60, 70, 80). */
    private Path smallGrid() throws IOException {
        Path grid = dir.resolve("grid.properties");
        Files.writeString(
                grid,
                String.join(
                        "\n",
                        "sim.nodes = 4",
                        "sim.duration = 1d",
                        "sweep.overbooking.slots = 1, 2",
                        "sweep.overbooking.upper-bound = 90, 95",
                        "sweep.overbooking.lower-bound = 60, 70, 80",
                        "sweep.min-window = 15",
                        ""));
        return grid;
    }

    private static Cli ok(String... args) {
        Cli r = Cli.run(args);
        assertEquals(0, r.exitCode(), String.join(" ", args) + "\n" + r.err());
        return r;
    }

    private Path shard(Path grid, int i, int n, String... more) {
        Path out = dir.resolve("shard-" + i + "-of-" + n + (more.length > 0 ? "-" + more.length : ""));
        List<String> args = new ArrayList<>(List.of(
                "sweep",
                "--config",
                grid.toString(),
                "--out",
                out.toString(),
                "--shard",
                i + "/" + n,
                "--threads",
                Integer.toString(1 + i % 2)));
        args.addAll(List.of(more));
        ok(args.toArray(String[]::new));
        return out;
    }

    private static List<String> names(Path d) throws IOException {
        try (Stream<Path> files = Files.list(d)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static void assertSameFiles(Path expected, Path actual) throws IOException {
        assertEquals(names(expected), names(actual));
        for (String name : names(expected)) {
            assertArrayEquals(
                    Files.readAllBytes(expected.resolve(name)), Files.readAllBytes(actual.resolve(name)), name);
        }
    }

    @Test
    void threeShardsMergedInAnyOrderAreTheBytesOfOneRun() throws IOException {
        Path grid = smallGrid();
        Path whole = dir.resolve("whole");
        ok("sweep", "--config", grid.toString(), "--out", whole.toString(), "--threads", "2");
        Path s1 = shard(grid, 1, 3);
        Path s2 = shard(grid, 2, 3);
        Path s3 = shard(grid, 3, 3);
        // strided slices: runs 1, 4, 7, 10 / 2, 5, 8 / 3, 6, 9, each with its header
        assertEquals(1 + 4, Files.readAllLines(s1.resolve("sweep.csv")).size());
        assertEquals(1 + 3, Files.readAllLines(s2.resolve("sweep.csv")).size());
        assertEquals(List.of("shard.properties", "sweep.csv"), names(s3), "a shard draws no charts");
        List<String> rows = Files.readAllLines(whole.resolve("sweep.csv"));
        assertEquals(rows.get(2), Files.readAllLines(s2.resolve("sweep.csv")).get(1), "the row of run 2, seed and all");

        Path merged = dir.resolve("merged");
        Cli m = ok("sweep", "merge", s3.toString(), s1.toString(), s2.toString(), "--out", merged.toString());
        assertTrue(m.out().contains("10 runs from 3 shards"), m.out());
        assertTrue(
                names(merged).contains("utilization-upper-95.png"),
                names(merged).toString());
        assertSameFiles(whole, merged);
    }

    @Test
    void moreShardsThanRunsLeaveSomeEmptyAndStillMerge() throws IOException {
        Path grid = dir.resolve("tiny.properties");
        Files.writeString(grid, "sim.nodes = 4\nsim.duration = 1d\nsweep.overbooking.lower-bound = 60, 70\n");
        Path whole = dir.resolve("whole");
        ok("sweep", "--config", grid.toString(), "--out", whole.toString());
        Path s1 = shard(grid, 1, 3);
        Path s2 = shard(grid, 2, 3);
        Path s3 = shard(grid, 3, 3);
        assertEquals(1, Files.readAllLines(s3.resolve("sweep.csv")).size(), "the third of 2 runs: the header only");
        Path merged = dir.resolve("merged");
        ok("sweep", "merge", s1.toString(), s2.toString(), s3.toString(), "--out", merged.toString());
        assertSameFiles(whole, merged);
    }

    @Test
    void aShardValueOutsideOneToNIsAUsageErrorNamingTheFlag() throws IOException {
        Path grid = smallGrid();
        for (String bad : List.of("0/4", "5/4", "1/0", "2", "a/b", "-1/4", "1/4/2", "")) {
            Cli r = Cli.run(
                    "sweep",
                    "--config",
                    grid.toString(),
                    "--out",
                    dir.resolve("o").toString(),
                    "--shard",
                    bad);
            assertEquals(ExitCodes.USAGE, r.exitCode(), bad + ": " + r.err());
            assertTrue(r.err().contains("--shard"), r.err());
            assertFalse(Files.exists(dir.resolve("o")), "nothing run for " + bad);
        }
        Cli noOut = Cli.run("sweep", "--config", grid.toString(), "--shard", "1/2");
        assertEquals(ExitCodes.USAGE, noOut.exitCode());
        assertTrue(noOut.err().contains("--out"), noOut.err());
    }

    @Test
    void mergeRefusesAMissingOrDoubledShardAndShardsOfAnotherGrid() throws IOException {
        Path grid = smallGrid();
        Path s1 = shard(grid, 1, 3);
        Path s2 = shard(grid, 2, 3);
        Path s3 = shard(grid, 3, 3);
        Path out = dir.resolve("merged");

        Cli missing = Cli.run("sweep", "merge", s1.toString(), s3.toString(), "--out", out.toString());
        assertEquals(ExitCodes.DATA_ERROR, missing.exitCode(), missing.err());
        assertTrue(missing.err().contains("shard 2/3") && missing.err().contains("missing"), missing.err());

        Cli doubled = Cli.run(
                "sweep", "merge", s1.toString(), s2.toString(), s2.toString(), s3.toString(), "--out", out.toString());
        assertEquals(ExitCodes.DATA_ERROR, doubled.exitCode(), doubled.err());
        assertTrue(doubled.err().contains(s2 + ": shard 2/3 given twice"), doubled.err());

        Path reseeded = shard(grid, 2, 3, "--set", "sim.seed=9");
        Cli other =
                Cli.run("sweep", "merge", s1.toString(), reseeded.toString(), s3.toString(), "--out", out.toString());
        assertEquals(ExitCodes.DATA_ERROR, other.exitCode(), other.err());
        assertTrue(
                other.err().contains(reseeded.resolve("shard.properties") + ": a shard of another grid than " + s1),
                other.err());
        assertTrue(
                other.err().contains("set.sim.seed: the shard's is 9, " + s1 + "'s (not given)"),
                "names what differs: " + other.err());

        Path split4 = shard(grid, 2, 4);
        Cli otherSplit =
                Cli.run("sweep", "merge", s1.toString(), split4.toString(), s3.toString(), "--out", out.toString());
        assertEquals(ExitCodes.DATA_ERROR, otherSplit.exitCode(), otherSplit.err());
        assertTrue(otherSplit.err().contains(split4.toString()), otherSplit.err());

        Cli intoShard = Cli.run("sweep", "merge", s1.toString(), s2.toString(), s3.toString(), "--out", s1.toString());
        assertEquals(ExitCodes.USAGE, intoShard.exitCode(), intoShard.err());
        assertFalse(Files.exists(out), "nothing written by a refused merge");
    }

    /** An output that cannot take the rows is refused before the first run (exit 73), not after the last. */
    @Test
    void anOutputThatCannotBeWrittenIsRefusedBeforeTheFirstRun() throws IOException {
        Path grid = smallGrid();
        Path file = Files.writeString(dir.resolve("a-file"), "not a directory");
        Cli r = Cli.run(
                "sweep",
                "--config",
                grid.toString(),
                "--shard",
                "1/3",
                "--out",
                file.resolve("shard-1").toString());
        assertEquals(ExitCodes.CANT_CREATE, r.exitCode(), r.err());
        assertTrue(r.err().contains(file.resolve("shard-1") + ": cannot write into it"), r.err());
        assertFalse(r.err().contains("[1/"), "no run: " + r.err());
        Path s1 = shard(grid, 1, 1);
        Cli merge = Cli.run(
                "sweep", "merge", s1.toString(), "--out", file.resolve("merged").toString());
        assertEquals(ExitCodes.CANT_CREATE, merge.exitCode(), merge.err());
    }

    @Test
    void mergeRefusesTornFilesAndADirectoryThatIsNoShard() throws IOException {
        Path grid = smallGrid();
        Path s1 = shard(grid, 1, 2);
        Path s2 = shard(grid, 2, 2);
        Path out = dir.resolve("merged");
        ok("sweep", "merge", s1.toString(), s2.toString(), "--out", out.toString());

        Path csv = s2.resolve("sweep.csv");
        byte[] rows = Files.readAllBytes(csv);
        Files.write(csv, java.util.Arrays.copyOf(rows, rows.length - 7));
        Cli tornCsv = Cli.run("sweep", "merge", s1.toString(), s2.toString(), "--out", out.toString());
        assertEquals(ExitCodes.DATA_ERROR, tornCsv.exitCode(), tornCsv.err());
        assertTrue(tornCsv.err().contains(csv + ": torn or changed"), tornCsv.err());
        Files.write(csv, rows);

        Path marker = s1.resolve("shard.properties");
        byte[] text = Files.readAllBytes(marker);
        Files.write(marker, java.util.Arrays.copyOf(text, text.length / 2));
        Cli tornMarker = Cli.run("sweep", "merge", s1.toString(), s2.toString(), "--out", out.toString());
        assertEquals(ExitCodes.DATA_ERROR, tornMarker.exitCode(), tornMarker.err());
        assertTrue(tornMarker.err().contains(marker + ": torn"), tornMarker.err());

        String edited = new String(text, java.nio.charset.StandardCharsets.UTF_8)
                .replaceFirst("(exact\\.\\d+ = \\S+ \\S+ \\S+ )\\d", "$19");
        Files.writeString(marker, edited);
        Cli changed = Cli.run("sweep", "merge", s1.toString(), s2.toString(), "--out", out.toString());
        assertEquals(ExitCodes.DATA_ERROR, changed.exitCode(), changed.err());
        assertTrue(changed.err().contains(marker + ": torn or changed"), changed.err());
        Files.write(marker, text);

        Files.delete(marker);
        Cli unfinished = Cli.run("sweep", "merge", s1.toString(), s2.toString(), "--out", out.toString());
        assertEquals(ExitCodes.DATA_ERROR, unfinished.exitCode(), unfinished.err());
        assertTrue(unfinished.err().contains(s1 + ": not a finished sweep shard"), unfinished.err());
        assertFalse(unfinished.err().contains("Exception"), unfinished.err());

        // a directory that is not there was never read: no input (66), not bad data
        Path gone = dir.resolve("no-such-shard");
        Cli absent = Cli.run("sweep", "merge", s2.toString(), gone.toString(), "--out", out.toString());
        assertEquals(ExitCodes.NO_INPUT, absent.exitCode(), absent.err());
        assertTrue(absent.err().contains(gone + ": no such directory"), absent.err());

        // a marker that is there but cannot be read (here a directory): named, 66, not "cannot write output"
        Files.createDirectory(marker);
        Cli unreadable = Cli.run("sweep", "merge", s1.toString(), s2.toString(), "--out", out.toString());
        assertEquals(ExitCodes.NO_INPUT, unreadable.exitCode(), unreadable.err());
        assertTrue(unreadable.err().contains(marker + ": cannot read: "), unreadable.err());
    }

    /** Issue 17: the grid of the paper's tables 1-3, 36 runs of 50 hosts for a week, as 4 shards. */
    @Test
    @Tag("slow")
    void theThirtySixRunsOfThePapersTablesAsFourShardsAreTheBytesOfOneRun() throws IOException {
        Path grid = Path.of("sim/verboven-tables.properties");
        Path whole = dir.resolve("whole");
        ok("sweep", "--config", grid.toString(), "--out", whole.toString(), "--threads", "2");
        List<String> args = new ArrayList<>(List.of("sweep", "merge"));
        for (int i = 4; i >= 1; i--) {
            args.add(shard(grid, i, 4).toString());
        }
        Path merged = dir.resolve("merged");
        args.addAll(List.of("--out", merged.toString()));
        ok(args.toArray(String[]::new));
        assertEquals(1 + 36, Files.readAllLines(merged.resolve("sweep.csv")).size());
        assertEquals(13, names(merged).size(), "sweep.csv and 12 charts: " + names(merged));
        assertSameFiles(whole, merged);
    }

    /** One hour of two 4-core hosts, each with two high-QoS VMs at {@code cpu}, cycles every 5 minutes. */
    private Path record(double cpu) throws IOException {
        StringBuilder rows =
                new StringBuilder("time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu\n");
        for (int minute = 0; minute <= 60; minute += 5) {
            String t = java.time.Instant.parse("2026-11-22T00:00:00Z")
                    .plusSeconds(60L * minute)
                    .toString();
            for (int host = 0; host < 2; host++) {
                for (int vm = 0; vm < 2; vm++) {
                    rows.append(t)
                            .append(',')
                            .append(host)
                            .append(",node")
                            .append(host)
                            .append(",4,50.0,")
                            .append(10 * host + vm)
                            .append(",web-")
                            .append(10 * host + vm)
                            .append(",HIGH,RUNNING,")
                            .append(cpu + minute / 10.0)
                            .append('\n');
                }
            }
        }
        Path record = dir.resolve("record.csv");
        Files.writeString(record, rows);
        return record;
    }

    @Test
    void mergeRefusesShardsThatReplayedDifferentContentsOfTheSameTraceFile() throws IOException {
        Path record = record(60);
        Path grid = dir.resolve("trace-grid.properties");
        Files.writeString(
                grid,
                String.join(
                        "\n",
                        "sim.trace-file = " + record,
                        "sim.duration = 1h",
                        "sweep.overbooking.slots = 1, 2",
                        "sweep.overbooking.upper-bound = 90",
                        "sweep.overbooking.lower-bound = 60, 70",
                        "sweep.min-window = 15",
                        ""));
        Path s1 = shard(grid, 1, 2);
        Path s2 = shard(grid, 2, 2);
        ok(
                "sweep",
                "merge",
                s1.toString(),
                s2.toString(),
                "--out",
                dir.resolve("merged").toString());

        // the record rewritten under the same path, same hosts, VMs and cycles, other loads
        record(61);
        Path s2Later = dir.resolve("shard-2-later");
        ok("sweep", "--config", grid.toString(), "--out", s2Later.toString(), "--shard", "2/2");
        Cli mixed = Cli.run(
                "sweep",
                "merge",
                s1.toString(),
                s2Later.toString(),
                "--out",
                dir.resolve("mixed").toString());
        assertEquals(ExitCodes.DATA_ERROR, mixed.exitCode(), mixed.err());
        assertTrue(
                mixed.err().contains(s2Later.resolve("shard.properties") + ": a shard of another grid than " + s1),
                mixed.err());
        assertTrue(mixed.err().contains("traces.sha256"), "names what differs: " + mixed.err());
        assertFalse(Files.exists(dir.resolve("mixed")), "nothing written by a refused merge");
    }
}
