package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.shard.Build;

/**
 * Shards know their build: a shard computed by an overbookd whose simulator differs by one byte of
 * one class, run as its own process, is refused at merge, the difference named, for a sweep and for
 * a tune alike.
 */
@Tag("slow")
class ShardBuildTest {

    @TempDir
    Path dir;

    /** A copy of this build's classes with one string of the simulated backend changed: another simulator. */
    private Path changedClasses() throws Exception {
        Path classes = Path.of(
                Build.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path copy = dir.resolve("changed-classes");
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path target = copy.resolve(classes.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
        Path trace = copy.resolve("org/overbookd/backend/simulated/load/TraceLoad.class");
        byte[] bytes = Files.readAllBytes(trace);
        byte[] from = "a trace needs".getBytes(StandardCharsets.UTF_8);
        int at = indexOf(bytes, from);
        assertTrue(at >= 0, "the string to change is in the class");
        bytes[at] = 'A'; // same length: the class stays valid
        Files.write(trace, bytes);
        return copy;
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= bytes.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (bytes[i + j] != part[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** Runs overbookd with {@code args} in a process of its own, on the classes at {@code classes}. */
    private static void runWith(Path classes, String... args) throws Exception {
        Path mine = Path.of(
                Build.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> path = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            path.add(Path.of(entry).toAbsolutePath().equals(mine.toAbsolutePath()) ? classes.toString() : entry);
        }
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                String.join(File.pathSeparator, path),
                "org.overbookd.cli.Main"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finished: " + command);
        assertEquals(0, p.exitValue(), out);
    }

    /** The fingerprint a shard's marker gives its build, read off the marker. */
    private static String classesOf(Path marker) throws Exception {
        String key = "build.classes-sha256 = ";
        return Files.readAllLines(marker).stream()
                .filter(l -> l.startsWith(key))
                .map(l -> l.substring(l.indexOf(key) + key.length()))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aSweepShardOfAnotherSimulatorIsRefusedAtMergeNamingTheBuild() throws Exception {
        Path grid = dir.resolve("grid.properties");
        Files.writeString(grid, "sim.nodes = 4\nsim.duration = 6h\nsweep.overbooking.lower-bound = 60, 70, 80\n");
        Path other = dir.resolve("shard-1");
        runWith(changedClasses(), "sweep", "--config", grid.toString(), "--shard", "1/2", "--out", other.toString());
        Path mine = dir.resolve("shard-2");
        assertEquals(
                0,
                Cli.run("sweep", "--config", grid.toString(), "--shard", "2/2", "--out", mine.toString())
                        .exitCode());
        String theirs = classesOf(other.resolve("shard.properties"));
        String ours = Build.current().classesSha256();
        assertNotEquals(ours, theirs, "another simulator, another fingerprint");

        Cli merge = Cli.run(
                "sweep",
                "merge",
                other.toString(),
                mine.toString(),
                "--out",
                dir.resolve("merged").toString());
        assertEquals(ExitCodes.DATA_ERROR, merge.exitCode(), merge.err());
        assertTrue(
                merge.err()
                        .contains(other.resolve("shard.properties") + ": computed by another build than this"
                                + " merge's (simulator classes (SHA-256): the shard's " + theirs + ", this merge's "
                                + ours + ")"),
                merge.err());
        Cli reversed = Cli.run(
                "sweep",
                "merge",
                mine.toString(),
                other.toString(),
                "--out",
                dir.resolve("merged").toString());
        assertEquals(ExitCodes.DATA_ERROR, reversed.exitCode(), reversed.err());
        // every shard's build is checked, not only the first one's: named the same in either order
        assertTrue(
                reversed.err()
                        .contains(other.resolve("shard.properties") + ": computed by another build than this"
                                + " merge's (simulator classes (SHA-256): the shard's " + theirs + ", this merge's "
                                + ours + ")"),
                reversed.err());
    }

    @Test
    void aTuneShardOfAnotherSimulatorIsRefusedAtMergeNamingTheBuild() throws Exception {
        StringBuilder csv =
                new StringBuilder("time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu,vcpus\n");
        Instant start = Instant.parse("2026-11-16T00:00:00Z");
        for (int k = 0; k <= 24; k++) {
            String t = start.plusSeconds(300L * k).toString();
            for (int host = 0; host < 2; host++) {
                double cpu = 150 + 100 * Math.sin((k + 7 * host) / 4.0);
                String u = String.format(Locale.ROOT, "%.3f", cpu / 4);
                csv.append(t)
                        .append(',')
                        .append(host)
                        .append(",n")
                        .append(host)
                        .append(",4,")
                        .append(u)
                        .append(",,,,,,\n");
                csv.append(t)
                        .append(',')
                        .append(host)
                        .append(",n")
                        .append(host)
                        .append(",4,")
                        .append(u)
                        .append(',')
                        .append(host)
                        .append(",db,HIGH,RUNNING,")
                        .append(String.format(Locale.ROOT, "%.3f", cpu))
                        .append(",4\n");
            }
        }
        Path record = Files.writeString(dir.resolve("record.csv"), csv);
        Path grid = Files.writeString(dir.resolve("grid.properties"), "sweep.overbooking.slots = 1, 2\n");
        List<String> common = List.of(
                "tune",
                "--record",
                record.toString(),
                "--grid",
                grid.toString(),
                "--seeds",
                "1",
                "--max-degradation",
                "100");
        Path other = dir.resolve("tune-1");
        List<String> shard1 = new ArrayList<>(common);
        shard1.addAll(List.of("--shard", "1/2", "--out", other.toString()));
        runWith(changedClasses(), shard1.toArray(String[]::new));
        Path mine = dir.resolve("tune-2");
        List<String> shard2 = new ArrayList<>(common);
        shard2.addAll(List.of("--shard", "2/2", "--out", mine.toString()));
        assertEquals(0, Cli.run(shard2.toArray(String[]::new)).exitCode());

        List<String> merge = new ArrayList<>(common);
        merge.addAll(List.of(
                "--merge",
                other.toString(),
                mine.toString(),
                "--out",
                dir.resolve("merged").toString()));
        Cli r = Cli.run(merge.toArray(String[]::new));
        assertEquals(ExitCodes.DATA_ERROR, r.exitCode(), r.err());
        String theirs = classesOf(other.resolve("shard.properties"));
        assertTrue(
                r.err()
                        .contains(other.resolve("shard.properties") + ": computed by another build than this"
                                + " merge's (simulator classes (SHA-256): the shard's " + theirs + ", this merge's "
                                + Build.current().classesSha256() + ")"),
                r.err());
        assertTrue(
                !r.err().contains("record:")
                        && !r.err().contains("grid:")
                        && !r.err().contains("seeds:"),
                "the build alone differs: " + r.err());
    }
}
