package org.overbookd.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.overbookd.backend.simulated.RecordedWorkload;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;
import org.overbookd.io.InputException;
import org.overbookd.sim.overbooking.SimResult;
import org.overbookd.sweep.Build;
import org.overbookd.sweep.ShardMarker;
import org.overbookd.sweep.SweepCharts;
import org.overbookd.sweep.SweepGrid;
import org.overbookd.sweep.SweepMerge;
import picocli.CommandLine;

/** The {@code sweep --shard I/N} value, and the marker a shard leaves beside its rows. */
final class Shards {

    private static final Pattern I_OF_N = Pattern.compile("(\\d{1,9})/(\\d{1,9})");

    private Shards() {}

    /** {@code {i, n}}, or a usage error naming --shard. */
    static int[] parse(CommandLine command, String value) {
        Matcher m = I_OF_N.matcher(value.trim());
        if (m.matches()) {
            int i = Integer.parseInt(m.group(1));
            int n = Integer.parseInt(m.group(2));
            if (n >= 1 && i >= 1 && i <= n) {
                return new int[] {i, n};
            }
        }
        throw new CommandLine.ParameterException(
                command, "--shard: '" + value + "' is not I/N with 1 <= I <= N (such as 2/4: the second of 4 slices)");
    }

    /** Each trace file the grid's runs replay, by the path they name it with, and the digest of what it holds. */
    static Map<String, String> traceDigests(SweepGrid whole) throws InputException {
        Map<String, String> digests = new TreeMap<>();
        for (Settings run : whole.runs()) {
            String path = run.get(Options.SIM_TRACE_FILE);
            if (!path.isEmpty() && !digests.containsKey(path)) {
                digests.put(path, RecordedWorkload.digest(List.of(Path.of(path))));
            }
        }
        return digests;
    }

    /**
     * Writes {@code shard.properties} into {@code out}, after its sweep.csv.
     *
     * @param traces what {@link #traceDigests} gave before the runs
     */
    static void mark(
            Path out,
            int[] slice,
            SweepGrid whole,
            Map<String, String> traces,
            SweepGrid grid,
            List<SimResult> results,
            SettingsLoader.Loaded loaded,
            ConfigOptions options)
            throws IOException {
        Map<String, String> described = new LinkedHashMap<>();
        if (options.config != null) {
            described.put("config", oneLine(options.config.toString()));
        }
        loaded.passThrough().forEach((key, value) -> described.put(key, oneLine(value.trim())));
        options.overrides.forEach((key, value) -> described.put("set." + key, oneLine(value)));
        // described too, so that a merge refused for a trace's content says so
        if (!traces.isEmpty()) {
            described.put(
                    "traces.sha256",
                    oneLine(String.join(
                            "; ",
                            traces.entrySet().stream()
                                    .map(e -> e.getKey() + " " + e.getValue())
                                    .toList())));
        }
        Build build = Build.current();
        described.put(SweepMerge.BUILD_VERSION, build.version());
        described.put(SweepMerge.BUILD_CLASSES, build.classesSha256());
        List<SweepCharts.Point> points = new ArrayList<>(results.size());
        for (int k = 0; k < results.size(); k++) {
            points.add(SweepCharts.Point.of(grid.runs().get(k), results.get(k)));
        }
        String csvSha = ShardMarker.sha256(Files.readAllBytes(out.resolve(ShardMarker.CSV)));
        new ShardMarker(
                        slice[0],
                        slice[1],
                        whole.runs().size(),
                        ShardMarker.fingerprint(whole, traces, build),
                        described,
                        grid.positions(),
                        points,
                        csvSha)
                .write(out);
    }

    private static String oneLine(String text) {
        return text.replaceAll("[\\r\\n]+", " ");
    }
}
