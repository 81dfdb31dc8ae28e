package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.shard.ShardMarker;

/**
 * The golden outputs: small runs of every model ({@code simulate} of each of the four, every policy of
 * each), the sweep (whole, and in shards joined by {@code sweep merge}), {@code tune} (whole, and in
 * shards joined by {@code --merge}) and {@code compare}, each file they write summed with SHA-256 and
 * checked against {@value #MANIFEST}. A change of one byte of any output fails here, naming the file.
 *
 * <p>When a change of bits is intended, {@code sim/golden.sh} (this test with the system property
 * {@value #UPDATE} set to true) rewrites the manifest; the commit that does so says why in the
 * CHANGELOG. The shards' markers are left out: they hold the build's fingerprint, which every change of
 * code moves (the merged outputs beside them are in).
 *
 * <p>Tagged slow: its runs take more of the fast suite's minute than it can spare (docs/testing.md
 * gives sim/golden.sh's time); {@code .ci/run} and {@code sim/golden.sh} run it, and
 * GoldenManifestTest checks the comparison itself in the fast suite.
 */
@Tag("slow")
class GoldenOutputsTest {

    static final String MANIFEST = "src/test/resources/golden.sha256";
    static final String UPDATE = "overbookd.golden.update";
    private static final String INPUTS = "src/test/resources/golden/";
    private static final List<String> MARKERS = List.of(ShardMarker.FILE);

    @TempDir
    Path dir;

    /** Each run: the directory its outputs go to (under the temporary one), then its arguments. */
    private List<List<String>> runs() {
        String out = dir.toString() + "/";
        String tasks = INPUTS + "tasks.csv";
        String servers = INPUTS + "servers.csv";
        String workload = "sim/qos-validation/test1-workload.csv";
        String hosts = "sim/qos-validation/hosts.csv";
        String record = INPUTS + "record.csv";
        String grid = INPUTS + "tune.properties";
        List<List<String>> runs = new ArrayList<>();
        runs.add(List.of("overbooking", "simulate", "--set", "sim.duration=12h", "--out", out + "overbooking"));
        runs.add(List.of(
                "slots-hybrid",
                "simulate",
                "--model",
                "slots",
                "--policy",
                "hybrid",
                "--sticky-slots",
                "6",
                "--servers",
                servers,
                "--tasks",
                tasks,
                "--out",
                out + "slots-hybrid"));
        runs.add(List.of(
                "slots-pri",
                "simulate",
                "--model",
                "slots",
                "--policy",
                "pri",
                "--servers",
                servers,
                "--tasks",
                tasks,
                "--out",
                out + "slots-pri"));
        runs.add(List.of(
                "slots-pri-n",
                "simulate",
                "--model",
                "slots",
                "--policy",
                "pri-n",
                "--eviction-limit",
                "2",
                "--servers",
                servers,
                "--tasks",
                tasks,
                "--out",
                out + "slots-pri-n"));
        runs.add(List.of(
                "slots-calibrated",
                "simulate",
                "--model",
                "slots",
                "--policy",
                "hybrid",
                "--sticky-slots",
                "6",
                "--servers",
                servers,
                "--scenario",
                "calibrated",
                "--out",
                out + "slots-calibrated"));
        for (String policy : List.of("qos", "priority")) {
            runs.add(List.of(
                    "requests-" + policy,
                    "simulate",
                    "--model",
                    "requests",
                    "--policy",
                    policy,
                    "--workload",
                    workload,
                    "--hosts",
                    hosts,
                    "--until",
                    "3600",
                    "--seed",
                    "3",
                    "--out",
                    out + "requests-" + policy));
        }
        runs.add(List.of(
                "compare", "compare", out + "requests-priority", out + "requests-qos", "--out", out + "compare"));
        runs.add(List.of(
                "types",
                "simulate",
                "--model",
                "types",
                "--scenario",
                "sim/example1.scenario",
                "--policy",
                "maxweight,m14,m14-central,g16,best-fit",
                "--horizon",
                "200",
                "--samples",
                "50",
                "--out",
                out + "types"));
        runs.add(List.of(
                "sweep", "sweep", "--config", INPUTS + "sweep.properties", "--threads", "2", "--out", out + "sweep"));
        for (String shard : List.of("1", "2")) {
            runs.add(List.of(
                    "sweep-shard-" + shard,
                    "sweep",
                    "--config",
                    INPUTS + "sweep.properties",
                    "--shard",
                    shard + "/2",
                    "--out",
                    out + "sweep-shard-" + shard));
        }
        runs.add(List.of(
                "sweep-merged",
                "sweep",
                "merge",
                out + "sweep-shard-1",
                out + "sweep-shard-2",
                "--out",
                out + "sweep-merged"));
        List<String> tune =
                List.of("tune", "--record", record, "--grid", grid, "--seeds", "2", "--max-degradation", "1");
        runs.add(with("tune", tune, "--out", out + "tune"));
        for (String shard : List.of("1", "2")) {
            runs.add(with("tune-shard-" + shard, tune, "--shard", shard + "/2", "--out", out + "tune-shard-" + shard));
        }
        runs.add(with(
                "tune-merged",
                tune,
                "--merge",
                out + "tune-shard-1",
                "--merge",
                out + "tune-shard-2",
                "--out",
                out + "tune-merged"));
        return runs;
    }

    private static List<String> with(String name, List<String> args, String... more) {
        List<String> all = new ArrayList<>(List.of(name));
        all.addAll(args);
        all.addAll(List.of(more));
        return all;
    }

    @Test
    void everyOutputIsTheBytesOfTheManifest() throws IOException {
        Map<String, String> now = new TreeMap<>();
        for (List<String> run : runs()) {
            Cli r = Cli.run(run.subList(1, run.size()).toArray(String[]::new));
            assertEquals(0, r.exitCode(), run + ": " + r.err());
            now.putAll(sums(dir, dir.resolve(run.get(0))));
        }
        Path manifest = Path.of(MANIFEST);
        if (Boolean.getBoolean(UPDATE)) {
            StringBuilder text = new StringBuilder("# SHA-256 of the golden outputs (GoldenOutputsTest); rewrite with"
                    + " sim/golden.sh only when a change of bits is intended, and say so in CHANGELOG.md\n");
            now.forEach(
                    (file, sum) -> text.append(sum).append("  ").append(file).append('\n'));
            Files.writeString(manifest, text, StandardCharsets.UTF_8);
            return;
        }
        List<String> differences = differences(read(manifest), now);
        assertTrue(
                differences.isEmpty(),
                "outputs differ from " + MANIFEST + " (if intended: sim/golden.sh, and a" + " CHANGELOG entry):\n  "
                        + String.join("\n  ", differences));
    }

    /**
     * The SHA-256 of every file under {@code out} but the shards' markers, by its path relative to
     * {@code root}.
     */
    static Map<String, String> sums(Path root, Path out) throws IOException {
        Map<String, String> sums = new TreeMap<>();
        try (Stream<Path> files = Files.walk(out)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                if (!MARKERS.contains(f.getFileName().toString())) {
                    sums.put(root.relativize(f).toString(), ShardMarker.sha256(Files.readAllBytes(f)));
                }
            }
        }
        return sums;
    }

    /** Each file whose bytes differ from the manifest's, or that one of the two lacks, with what differs. */
    static List<String> differences(Map<String, String> golden, Map<String, String> now) {
        List<String> differences = new ArrayList<>();
        golden.forEach((file, sum) -> {
            if (!now.containsKey(file)) {
                differences.add(file + ": no longer written");
            } else if (!now.get(file).equals(sum)) {
                differences.add(file + ": other bytes (sha256 " + now.get(file) + ", the manifest's " + sum + ")");
            }
        });
        now.keySet().stream()
                .filter(f -> !golden.containsKey(f))
                .forEach(f -> differences.add(f + ": new, not in the manifest"));
        return differences;
    }

    /** The manifest: file to SHA-256; '#' lines are comments. */
    static Map<String, String> read(Path manifest) throws IOException {
        Map<String, String> sums = new TreeMap<>();
        for (String line : Files.readAllLines(manifest, StandardCharsets.UTF_8)) {
            if (!line.isBlank() && !line.startsWith("#")) {
                int gap = line.indexOf("  ");
                sums.put(line.substring(gap + 2), line.substring(0, gap));
            }
        }
        return sums;
    }
}
