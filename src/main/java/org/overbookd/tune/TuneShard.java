package org.overbookd.tune;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.overbookd.backend.simulated.RecordFacts;
import org.overbookd.config.Option;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.io.InputException;
import org.overbookd.io.InputFiles;
import org.overbookd.sim.overbooking.SimResult;
import org.overbookd.sweep.Build;
import org.overbookd.sweep.ShardMarker;
import org.overbookd.sweep.SweepGrid;

/**
 * One slice of a {@code tune} run for a batch system: {@code tune --shard I/N} replays the runs
 * I-1, I-1+N, I-1+2N... of the whole list (the baseline's seeds, then each configuration's) and
 * leaves their exact results in {@code tune-shard.csv} (every number as Java prints a double, which
 * reads back to the same bits), then {@code tune-shard.properties}: which shard of how many, the
 * number of runs, what the shard is of in words ({@link #describe}: the record, the grid, the
 * settings, the seeds and the build), a fingerprint over all of it and every setting of every run,
 * and the CSV's SHA-256. The marker is written last, by a rename: a shard that did not finish has
 * none. {@code tune --merge DIR...} puts the results back in run order, so its files are those of one
 * unsharded run, byte for byte; a shard of another tune is refused naming what differs.
 */
public final class TuneShard {

    public static final String CSV = "tune-shard.csv";
    public static final String MARKER = "tune-shard.properties";

    private static final String HEADER = "run,utilization,overbooked_hours,suspends,degradation_100,degradation_95,"
            + "resumes,deploys,low_completed,low_mean_wait_h,low_mean_availability,low_min_availability,high_hours,"
            + "refused,steps,most_suspends_in_day,suspends_per_vm_day";
    /** The marker's lines that say what the shard is of, in this order. */
    static final List<String> DESCRIBED =
            List.of("record", "grid", "settings", "seeds", "build.version", "build.classes-sha256");

    private static final List<Option<?>> OWN = List.of(Options.SIM_SEED, Options.SIM_TRACE_FILE, Options.SIM_DURATION);

    private TuneShard() {}

    /**
     * What a tune is of, in words, one line each ({@link #DESCRIBED}): the record read (its files'
     * names, span, cycles, hosts, VMs and {@code contents}, the digest of its files' bytes), the grid
     * (each swept key's values, and the configurations), the settings the grid varies (the SHA-256 of
     * every one, and those not at their default), the seeds, and the build.
     */
    public static Map<String, String> describe(
            Settings base, SweepGrid grid, List<Long> seeds, RecordFacts record, String contents, Build build) {
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
        d.put("build.version", build.version());
        d.put("build.classes-sha256", build.classesSha256());
        return d;
    }

    /** SHA-256 over what the tune is of ({@link #describe}) and every setting of every run, in order. */
    public static String fingerprint(List<Settings> runs, Map<String, String> described) {
        StringBuilder text = new StringBuilder();
        described.forEach(
                (key, value) -> text.append(key).append(" = ").append(value).append('\n'));
        for (Settings run : runs) {
            for (Option<?> option : Options.ALL) {
                text.append(option.key())
                        .append('=')
                        .append(run.formatted(option))
                        .append('\n');
            }
            text.append('\n');
        }
        return ShardMarker.sha256(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** Writes the shard's rows, then its marker. */
    public static void write(
            Path dir,
            int shard,
            int of,
            int total,
            Map<String, String> described,
            String fingerprint,
            List<Integer> positions,
            List<SimResult> results)
            throws IOException {
        Files.deleteIfExists(dir.resolve(MARKER));
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
        Files.write(dir.resolve(CSV), bytes);
        StringBuilder marker = new StringBuilder("shard = " + shard + "/" + of + "\nruns = " + total + "\n");
        described.forEach((key, value) -> marker.append(key)
                .append(" = ")
                .append(value.replaceAll("[\\r\\n]+", " "))
                .append('\n'));
        marker.append("fingerprint = ")
                .append(fingerprint)
                .append("\ncsv-sha256 = ")
                .append(ShardMarker.sha256(bytes))
                .append('\n');
        Path partial = dir.resolve(MARKER + ".part");
        Files.writeString(partial, marker.toString(), StandardCharsets.UTF_8);
        Files.move(partial, dir.resolve(MARKER), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * The results of every run, in run order, from the shard directories of one tune.
     *
     * @param described what this merge's tune is of ({@link #describe}), to name what differs in a shard
     * @throws InputException naming the directory of a shard unfinished, of another tune (fingerprint,
     *                        N or run count differing: what differs named), given twice or missing, or
     *                        whose CSV was changed
     */
    public static List<SimResult> merge(List<Path> dirs, int total, Map<String, String> described, String fingerprint)
            throws InputException {
        Map<Integer, Path> seen = new TreeMap<>();
        SimResult[] results = new SimResult[total];
        Integer of = null;
        for (Path dir : dirs) {
            Map<String, String> marker = marker(dir);
            String[] iOfN = marker.getOrDefault("shard", "").split("/");
            int shard;
            int n;
            try {
                shard = Integer.parseInt(iOfN[0]);
                n = Integer.parseInt(iOfN[1]);
            } catch (RuntimeException e) {
                throw new InputException(dir.resolve(MARKER), "no shard = I/N line");
            }
            if (!fingerprint.equals(marker.get("fingerprint"))
                    || !String.valueOf(total).equals(marker.get("runs"))) {
                throw new InputException(
                        dir.resolve(MARKER),
                        "a shard of another tune than the one this merge was" + " given: "
                                + difference(described, marker, total));
            }
            if (of != null && of != n) {
                throw new InputException(dir.resolve(MARKER), "a shard of " + n + ", the others of " + of);
            }
            of = n;
            Path before = seen.put(shard, dir);
            if (before != null) {
                throw new InputException(
                        dir.resolve(MARKER), "shard " + shard + "/" + n + " given twice (also " + before + ")");
            }
            byte[] bytes;
            try {
                bytes = Files.readAllBytes(dir.resolve(CSV));
            } catch (NoSuchFileException e) { // as sweep merge: a shard without its rows is a broken shard
                throw new InputException(dir.resolve(CSV), "missing: the shard's rows are not there");
            } catch (IOException e) {
                throw InputException.cannotRead(dir.resolve(CSV), 0, e);
            }
            if (!ShardMarker.sha256(bytes).equals(marker.get("csv-sha256"))) {
                throw new InputException(dir.resolve(CSV), "changed or cut short since the shard wrote it");
            }
            List<Integer> expected = SweepGrid.slice(total, shard, n);
            String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n");
            if (lines.length - 1 != expected.size()) {
                throw new InputException(
                        dir.resolve(CSV), "holds " + (lines.length - 1) + " runs, not " + expected.size());
            }
            for (int k = 1; k < lines.length; k++) {
                String[] f = lines[k].split(",");
                int run = Integer.parseInt(f[0]);
                if (run != expected.get(k - 1)) {
                    throw new InputException(dir.resolve(CSV), k + 1, "run " + run + " is not this shard's");
                }
                results[run] = new SimResult(
                        Double.parseDouble(f[1]),
                        Double.parseDouble(f[2]),
                        Long.parseLong(f[3]),
                        Long.parseLong(f[4]),
                        Long.parseLong(f[5]),
                        Long.parseLong(f[6]),
                        Long.parseLong(f[7]),
                        Long.parseLong(f[8]),
                        Double.parseDouble(f[9]),
                        Double.parseDouble(f[10]),
                        Double.parseDouble(f[11]),
                        Double.parseDouble(f[12]),
                        Long.parseLong(f[13]),
                        Long.parseLong(f[14]),
                        Long.parseLong(f[15]),
                        Double.parseDouble(f[16]));
            }
        }
        for (int shard = 1; of != null && shard <= of; shard++) {
            if (!seen.containsKey(shard)) {
                throw new InputException(dirs.get(0) + ": shard " + shard + "/" + of + " is missing from the merge");
            }
        }
        return new ArrayList<>(List.of(results));
    }

    /** What a shard's marker says differs from this merge, in words: every line that differs, each side named. */
    private static String difference(Map<String, String> here, Map<String, String> shard, int total) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> e : here.entrySet()) {
            String there = shard.getOrDefault(e.getKey(), "(not said: a shard of an older overbookd)");
            if (!there.equals(e.getValue())) {
                out.add(e.getKey() + ": the shard's is " + there + ", this merge's " + e.getValue());
            }
        }
        if (out.stream().anyMatch(line -> line.startsWith("record:"))) {
            out.add("a record still being written grows between the shards and the merge: give every shard and the"
                    + " merge one copy of it, made once");
        }
        if (!String.valueOf(total).equals(shard.get("runs"))) {
            out.add("runs: the shard's tune has " + shard.get("runs") + ", this merge's " + total);
        }
        return out.isEmpty() ? "the settings of some run differ (another --config or --set?)" : String.join("; ", out);
    }

    private static Map<String, String> marker(Path dir) throws InputException {
        InputFiles.requireDirectory(dir);
        Path file = dir.resolve(MARKER);
        if (!Files.exists(file)) { // one there but not readable is named by the read below (66)
            throw new InputException(dir, "no " + MARKER + ": not a tune shard, or one that did not finish");
        }
        Map<String, String> values = new TreeMap<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                int eq = line.indexOf(" = ");
                if (eq > 0) {
                    values.put(line.substring(0, eq), line.substring(eq + 3));
                }
            }
        } catch (IOException e) {
            throw InputException.cannotRead(file, 0, e);
        }
        return values;
    }
}
