package org.overbookd.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.overbookd.backend.simulated.RecordedWorkload;
import org.overbookd.config.Option;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.io.InputException;
import org.overbookd.shard.Build;
import org.overbookd.shard.ShardKind;
import org.overbookd.shard.ShardMarker;
import org.overbookd.shard.ShardMerge;
import org.overbookd.shard.Slice;
import org.overbookd.sim.overbooking.SimResult;

/**
 * The sweep's shards ({@code sweep --shard I/N}, {@code sweep merge}): their rows are sweep.csv's, and
 * their markers carry each run's exact utilization and suspensions besides (the charts average them,
 * so they must not go through the rounded CSV). What a sweep is of, in words: the config file, the
 * swept keys and --set values, and the digest of each trace file replayed; its fingerprint: the swept
 * keys, the traces' digests and every run's every setting.
 */
public final class SweepShard {

    public static final ShardKind KIND = new ShardKind(
            "sweep",
            "grid",
            "sweep.csv",
            "upper slots lower utilization suspends",
            "overbookd sweep merge DIR... --out DIR",
            Map.of());

    /** The whole sweep again: sweep.csv's header and rows, and the charts' figures, in grid order. */
    public record MergedSweep(List<String> header, List<List<String>> rows, List<SweepCharts.Point> points) {}

    private SweepShard() {}

    /** Each trace file the grid's runs replay, by the path they name it with, and the digest of what it holds. */
    public static Map<String, String> traceDigests(SweepGrid whole) throws InputException {
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
     * Writes the marker into {@code out}, after its sweep.csv.
     *
     * @param traces      what {@link #traceDigests} gave before the runs
     * @param config      the config file given, or null
     * @param passThrough the file's {@code sweep.*} lines, as written
     * @param overrides   the --set values
     */
    public static void mark(
            Path out,
            Slice slice,
            SweepGrid whole,
            Map<String, String> traces,
            SweepGrid grid,
            List<SimResult> results,
            Path config,
            Map<String, String> passThrough,
            Map<String, String> overrides)
            throws IOException {
        Map<String, String> described = new LinkedHashMap<>();
        if (config != null) {
            described.put("config", config.toString());
        }
        passThrough.forEach((key, value) -> described.put(key, value.trim()));
        overrides.forEach((key, value) -> described.put("set." + key, value));
        // described too, so that a merge refused for a trace's content says so
        if (!traces.isEmpty()) {
            described.put(
                    "traces.sha256",
                    String.join(
                            "; ",
                            traces.entrySet().stream()
                                    .map(e -> e.getKey() + " " + e.getValue())
                                    .toList()));
        }
        List<List<String>> exact = new ArrayList<>(results.size());
        for (int k = 0; k < results.size(); k++) {
            SweepCharts.Point p = SweepCharts.Point.of(grid.runs().get(k), results.get(k));
            exact.add(List.of(
                    Double.toString(p.upper()),
                    Integer.toString(p.slots()),
                    Double.toString(p.lower()),
                    Double.toString(p.utilization()),
                    Long.toString(p.suspends())));
        }
        String rowsSha = ShardMarker.sha256(Files.readAllBytes(out.resolve(KIND.rowsFile())));
        new ShardMarker(
                        KIND.command(),
                        slice,
                        whole.runs().size(),
                        Build.current(),
                        described,
                        fingerprint(whole, traces),
                        grid.positions(),
                        exact,
                        rowsSha)
                .write(out, KIND);
    }

    /**
     * The grid's fingerprint: the swept keys (they make sweep.csv's columns), what each trace file the
     * runs replay holds (a setting names the file, not its content) and every run's every setting, in
     * grid order. Not the config file's path: the same file may sit elsewhere on another machine.
     */
    static String fingerprint(SweepGrid whole, Map<String, String> traceDigests) {
        Map<String, String> identity = new LinkedHashMap<>();
        traceDigests.forEach((path, digest) -> identity.put("trace " + path, digest));
        identity.put(
                "swept",
                String.join(" ", whole.swept().stream().map(Option::key).toList()));
        return ShardMarker.fingerprint(
                identity, whole.runs().stream().map(Settings::lines).toList());
    }

    /** Joins the shard directories of one sweep, in grid order ({@link ShardMerge}). */
    public static MergedSweep merge(List<Path> dirs, Build build) throws InputException, IOException {
        ShardMerge.MergedRows merged = ShardMerge.merge(KIND, dirs, build, null);
        List<SweepCharts.Point> points = new ArrayList<>(merged.exact().size());
        for (List<String> f : merged.exact()) {
            // read as numbers by the marker ({@link ShardMarker#read}); slots and suspensions were
            // written whole, and a double holds them exactly
            points.add(new SweepCharts.Point(
                    Double.parseDouble(f.get(0)),
                    (int) Double.parseDouble(f.get(1)),
                    Double.parseDouble(f.get(2)),
                    Double.parseDouble(f.get(3)),
                    (long) Double.parseDouble(f.get(4))));
        }
        return new MergedSweep(merged.header(), merged.rows(), points);
    }
}
