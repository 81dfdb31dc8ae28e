package org.overbookd.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.overbookd.backend.simulated.RecordFacts;
import org.overbookd.config.Option;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.io.InputException;
import org.overbookd.io.InputFiles;
import org.overbookd.sim.overbooking.SimResult;

/**
 * One slice of a {@code tune} run for a batch system: {@code tune --shard I/N} replays the runs
 * I-1, I-1+N, I-1+2N... of the whole list (the baseline's seeds, then each configuration's) and
 * leaves their exact results in {@code tune-shard.csv} (every number as Java prints a double, which
 * reads back to the same bits), then {@code tune-shard.properties}: which shard of how many, the
 * number of runs, a fingerprint of the runs (every setting of every run) and of the record (files,
 * span, cycles, hosts, and the digest of the files' bytes), and the CSV's SHA-256. The marker is
 * written last, by a rename: a shard that did not finish has none. {@code tune --merge DIR...} puts
 * the results back in run order, so its files are those of one unsharded run, byte for byte.
 */
public final class TuneShard {

    public static final String CSV = "tune-shard.csv";
    public static final String MARKER = "tune-shard.properties";

    private static final String HEADER = "run,utilization,overbooked_hours,suspends,degradation_100,degradation_95,"
            + "resumes,deploys,low_completed,low_mean_wait_h,low_mean_availability,low_min_availability,high_hours,"
            + "refused,steps";

    private TuneShard() {
    }

    /**
     * SHA-256 over every setting of every run, in order, and the record read: its facts and
     * {@code contents}, the {@link org.overbookd.backend.simulated.RecordedWorkload#digest} of its files.
     */
    public static String fingerprint(List<Settings> runs, RecordFacts record, String contents) {
        StringBuilder text = new StringBuilder();
        text.append("record sha256 ").append(contents).append('\n');
        text.append("record ").append(record.files().stream().map(p -> p.getFileName().toString()).toList())
                .append(' ').append(record.first()).append(' ').append(record.last()).append(' ').append(record.cycles())
                .append(' ').append(record.hosts().size()).append(' ').append(record.highVms()).append('\n');
        for (Settings run : runs) {
            for (Option<?> option : Options.ALL) {
                text.append(option.key()).append('=').append(run.formatted(option)).append('\n');
            }
            text.append('\n');
        }
        return ShardMarker.sha256(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** Writes the shard's rows, then its marker. */
    public static void write(Path dir, int shard, int of, int total, String fingerprint, List<Integer> positions,
            List<SimResult> results) throws IOException {
        Files.deleteIfExists(dir.resolve(MARKER));
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (int k = 0; k < results.size(); k++) {
            SimResult r = results.get(k);
            csv.append(positions.get(k)).append(',').append(r.utilization()).append(',').append(r.overbookedHours())
                    .append(',').append(r.suspends()).append(',').append(r.degradation100()).append(',')
                    .append(r.degradation95()).append(',').append(r.resumes()).append(',').append(r.deploys()).append(',')
                    .append(r.lowCompleted()).append(',').append(r.lowMeanWaitHours()).append(',')
                    .append(r.lowMeanAvailability()).append(',').append(r.lowMinAvailability()).append(',')
                    .append(r.highHours()).append(',').append(r.refused()).append(',').append(r.steps()).append('\n');
        }
        byte[] bytes = csv.toString().getBytes(StandardCharsets.UTF_8);
        Files.write(dir.resolve(CSV), bytes);
        String marker = "shard = " + shard + "/" + of + "\nruns = " + total + "\nfingerprint = " + fingerprint
                + "\ncsv-sha256 = " + ShardMarker.sha256(bytes) + "\n";
        Path partial = dir.resolve(MARKER + ".part");
        Files.writeString(partial, marker, StandardCharsets.UTF_8);
        Files.move(partial, dir.resolve(MARKER), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * The results of every run, in run order, from the shard directories of one tune.
     *
     * @throws InputException naming the directory of a shard unfinished, of another tune (fingerprint,
     *                        N or run count differing), given twice or missing, or whose CSV was changed
     */
    public static List<SimResult> merge(List<Path> dirs, int total, String fingerprint) throws InputException {
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
            if (!fingerprint.equals(marker.get("fingerprint")) || !String.valueOf(total).equals(marker.get("runs"))) {
                throw new InputException(dir.resolve(MARKER), "a shard of another tune (other record, grid, settings or"
                        + " seeds) than the one this merge was given");
            }
            if (of != null && of != n) {
                throw new InputException(dir.resolve(MARKER), "a shard of " + n + ", the others of " + of);
            }
            of = n;
            Path before = seen.put(shard, dir);
            if (before != null) {
                throw new InputException(dir.resolve(MARKER), "shard " + shard + "/" + n + " given twice (also " + before + ")");
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
                throw new InputException(dir.resolve(CSV), "holds " + (lines.length - 1) + " runs, not " + expected.size());
            }
            for (int k = 1; k < lines.length; k++) {
                String[] f = lines[k].split(",");
                int run = Integer.parseInt(f[0]);
                if (run != expected.get(k - 1)) {
                    throw new InputException(dir.resolve(CSV), k + 1, "run " + run + " is not this shard's");
                }
                results[run] = new SimResult(Double.parseDouble(f[1]), Double.parseDouble(f[2]), Long.parseLong(f[3]),
                        Long.parseLong(f[4]), Long.parseLong(f[5]), Long.parseLong(f[6]), Long.parseLong(f[7]),
                        Long.parseLong(f[8]), Double.parseDouble(f[9]), Double.parseDouble(f[10]),
                        Double.parseDouble(f[11]), Double.parseDouble(f[12]), Long.parseLong(f[13]), Long.parseLong(f[14]));
            }
        }
        for (int shard = 1; of != null && shard <= of; shard++) {
            if (!seen.containsKey(shard)) {
                throw new InputException(dirs.get(0) + ": shard " + shard + "/" + of + " is missing from the merge");
            }
        }
        return new ArrayList<>(List.of(results));
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
