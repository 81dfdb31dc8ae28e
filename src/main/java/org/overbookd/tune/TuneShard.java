package org.overbookd.tune;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.overbookd.backend.simulated.RecordFacts;
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
import org.overbookd.sweep.SweepGrid;

/**
 * tune's shards ({@code tune --shard I/N}, {@code tune --merge DIR...}): a shard replays the runs
 * I-1, I-1+N, I-1+2N... of the whole list (the baseline's seeds, then each configuration's) and
 * leaves their exact results in {@code tune-shard.csv} (every number as Java prints a double, which
 * reads back to the same bits), then the shard's marker ({@link ShardMarker}: what the tune is of in
 * words ({@link #describe}: the record, the grid, the settings, the seeds), a fingerprint over all of
 * it and every setting of every run). {@code tune --merge} puts the results back in run order, so its
 * files are those of one unsharded run, byte for byte; a shard of another tune is refused naming what
 * differs.
 */
public final class TuneShard {

    public static final ShardKind KIND = new ShardKind(
            "tune",
            "tune",
            "tune-shard.csv",
            "",
            "overbookd tune ... --merge DIR... --out DIR",
            Map.of(
                    "record",
                    "a record still being written grows between the shards and the merge: give every shard and"
                            + " the merge one copy of it, made once"));

    private static final String HEADER = "run,utilization,overbooked_hours,suspends,degradation_100,degradation_95,"
            + "resumes,deploys,low_completed,low_mean_wait_h,low_mean_availability,low_min_availability,high_hours,"
            + "refused,steps,most_suspends_in_day,suspends_per_vm_day";

    private static final List<Option<?>> OWN = List.of(Options.SIM_SEED, Options.SIM_TRACE_FILE, Options.SIM_DURATION);

    private TuneShard() {}

    /**
     * What a tune is of, in words, one line each: the record read (its files' names, span, cycles,
     * hosts, VMs and {@code contents}, the digest of its files' bytes), the grid (each swept key's
     * values, and the configurations), the settings the grid varies (the SHA-256 of every one, and
     * those not at their default), and the seeds.
     */
    public static Map<String, String> describe(
            Settings base, SweepGrid grid, List<Long> seeds, RecordFacts record, String contents) {
        Map<String, String> d = new LinkedHashMap<>();
        d.put(
                "record",
                record.files().stream().map(p -> p.getFileName().toString()).toList() + " " + record.first()
                        + " to " + record.last() + ", " + record.cycles() + " cycles, "
                        + record.hosts().size() + " hosts, "
                        + record.highVms() + " high-QoS VMs, sha256 " + contents);
        StringBuilder axes = new StringBuilder();
        for (Option<?> option : grid.swept()) {
            Set<String> values = new LinkedHashSet<>();
            grid.runs().forEach(run -> values.add(run.formatted(option)));
            axes.append(option.key())
                    .append(' ')
                    .append(String.join(" ", values))
                    .append("; ");
        }
        d.put("grid", axes + (grid.runs().size() + " configurations"));
        StringBuilder all = new StringBuilder();
        List<String> changed = new ArrayList<>();
        Settings defaults = Settings.defaults();
        for (Option<?> option : Options.ALL) {
            if (grid.swept().contains(option) || OWN.contains(option)) {
                continue;
            }
            String value = base.formatted(option);
            all.append(option.key()).append('=').append(value).append('\n');
            if (!value.equals(defaults.formatted(option))) {
                changed.add(option.key() + "=" + value);
            }
        }
        d.put(
                "settings",
                (changed.isEmpty() ? "the defaults" : String.join(", ", changed)) + "; sha256 "
                        + ShardMarker.sha256(all.toString().getBytes(StandardCharsets.UTF_8)));
        d.put("seeds", String.join(" ", seeds.stream().map(String::valueOf).toList()));
        return d;
    }

    /** SHA-256 over what the tune is of ({@link #describe}) and every setting of every run, in order. */
    public static String fingerprint(List<Settings> runs, Map<String, String> described) {
        return ShardMarker.fingerprint(
                described, runs.stream().map(Settings::lines).toList());
    }

    /** Writes the shard's rows, then its marker. */
    public static void write(
            Path dir,
            Slice slice,
            int total,
            Map<String, String> described,
            String fingerprint,
            List<Integer> positions,
            List<SimResult> results)
            throws IOException {
        ShardMarker.clear(dir);
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (int k = 0; k < results.size(); k++) {
            SimResult r = results.get(k);
            csv.append(positions.get(k))
                    .append(',')
                    .append(r.utilization())
                    .append(',')
                    .append(r.overbookedHours())
                    .append(',')
                    .append(r.suspends())
                    .append(',')
                    .append(r.degradation100())
                    .append(',')
                    .append(r.degradation95())
                    .append(',')
                    .append(r.resumes())
                    .append(',')
                    .append(r.deploys())
                    .append(',')
                    .append(r.lowCompleted())
                    .append(',')
                    .append(r.lowMeanWaitHours())
                    .append(',')
                    .append(r.lowMeanAvailability())
                    .append(',')
                    .append(r.lowMinAvailability())
                    .append(',')
                    .append(r.highHours())
                    .append(',')
                    .append(r.refused())
                    .append(',')
                    .append(r.steps())
                    .append(',')
                    .append(r.mostSuspendsInDay())
                    .append(',')
                    .append(r.suspendsPerVmDay())
                    .append('\n');
        }
        byte[] bytes = csv.toString().getBytes(StandardCharsets.UTF_8);
        Files.write(dir.resolve(KIND.rowsFile()), bytes);
        // the rows are exact: no figures beside them in the marker
        List<List<String>> exact =
                positions.stream().map(p -> List.<String>of()).toList();
        new ShardMarker(
                        KIND.command(),
                        slice,
                        total,
                        Build.current(),
                        described,
                        fingerprint,
                        positions,
                        exact,
                        ShardMarker.sha256(bytes))
                .write(dir, KIND);
    }

    /**
     * The results of every run, in run order, from the shard directories of one tune.
     *
     * @param described what this merge's tune is of ({@link #describe}), to name what differs in a shard
     * @throws InputException naming the directory or file of a shard unfinished, of another tune (what
     *                        differs named), given twice or missing, or whose rows were changed
     */
    public static List<SimResult> merge(List<Path> dirs, int total, Map<String, String> described, String fingerprint)
            throws InputException, IOException {
        ShardMerge.MergedRows merged =
                ShardMerge.merge(KIND, dirs, Build.current(), new ShardMerge.Expected(described, fingerprint, total));
        if (!merged.header().equals(List.of(HEADER.split(",")))) {
            throw new InputException(dirs.get(0).resolve(KIND.rowsFile()), 1, "not the columns tune writes");
        }
        List<SimResult> results = new ArrayList<>(total);
        for (int run = 0; run < total; run++) {
            List<String> f = merged.rows().get(run);
            try {
                if (f.size() != 17 || Integer.parseInt(f.get(0)) != run) {
                    throw new NumberFormatException("run " + f.get(0));
                }
                results.add(new SimResult(
                        Double.parseDouble(f.get(1)),
                        Double.parseDouble(f.get(2)),
                        Long.parseLong(f.get(3)),
                        Long.parseLong(f.get(4)),
                        Long.parseLong(f.get(5)),
                        Long.parseLong(f.get(6)),
                        Long.parseLong(f.get(7)),
                        Long.parseLong(f.get(8)),
                        Double.parseDouble(f.get(9)),
                        Double.parseDouble(f.get(10)),
                        Double.parseDouble(f.get(11)),
                        Double.parseDouble(f.get(12)),
                        Long.parseLong(f.get(13)),
                        Long.parseLong(f.get(14)),
                        Long.parseLong(f.get(15)),
                        Double.parseDouble(f.get(16))));
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                throw new InputException("run " + (run + 1) + " of the merged " + KIND.rowsFile() + " files: '"
                        + String.join(",", f) + "' is not a row tune writes");
            }
        }
        return results;
    }
}
