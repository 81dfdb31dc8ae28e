package org.overbookd.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.io.CsvTable;
import org.overbookd.io.Decimals;
import org.overbookd.io.Provenance;
import org.overbookd.sim.overbooking.SummaryTable;
import org.overbookd.stats.MeanInterval;

/**
 * {@code sweep-intervals.csv}: the runs of a sweep that differ only in their seed, as one row per
 * configuration: the seeds, then for every metric its mean over them and the ends of its 95%
 * confidence interval by Student's t over the seeds ({@link MeanInterval}), then the workload.
 *
 * <p>Computed from sweep.csv's rows as they are written (its rounded cells), not from the runs'
 * exact results: an unsharded sweep and a merge of its shards write the same bytes, and anyone can
 * recompute the file from sweep.csv. The means and ends carry one decimal more than the column they
 * summarize. A configuration of one seed has empty ends.
 */
public final class SeedIntervals {

    public static final String FILE = "sweep-intervals.csv";

    /** The confidence of every interval written. */
    public static final double CONFIDENCE = 0.95;

    private static final String SEED = "seed";

    private SeedIntervals() {}

    /** The header and rows of sweep-intervals.csv for sweep.csv's header and rows. */
    public static List<List<String>> table(List<String> header, List<List<String>> rows) {
        int seed = header.indexOf(SEED);
        List<Integer> metrics = new ArrayList<>();
        for (String m : SummaryTable.METRIC_COLUMNS) {
            metrics.add(indexOf(header, m));
        }
        List<Integer> workload = new ArrayList<>();
        for (String c : Provenance.COLUMNS) {
            workload.add(indexOf(header, c));
        }
        if (seed < 0) {
            throw new IllegalArgumentException("sweep.csv has no seed column");
        }
        // the configuration's own columns: all but the seed, the metrics and the workload
        List<Integer> keys = new ArrayList<>();
        for (int i = 0; i < header.size(); i++) {
            if (i != seed && !metrics.contains(i) && !workload.contains(i)) {
                keys.add(i);
            }
        }
        Map<List<String>, List<List<String>>> groups = new LinkedHashMap<>();
        for (List<String> row : rows) {
            List<String> key = new ArrayList<>();
            for (int k : keys) {
                key.add(row.get(k));
            }
            for (int k : workload) {
                key.add(row.get(k));
            }
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(row);
        }
        List<List<String>> table = new ArrayList<>();
        List<String> head = new ArrayList<>();
        keys.forEach(k -> head.add(header.get(k)));
        head.add("seeds");
        for (String m : SummaryTable.METRIC_COLUMNS) {
            head.add(m + "_mean");
            head.add(m + "_ci95_low");
            head.add(m + "_ci95_high");
        }
        head.addAll(Provenance.COLUMNS);
        table.add(head);
        for (Map.Entry<List<String>, List<List<String>>> g : groups.entrySet()) {
            List<List<String>> runs = g.getValue();
            List<String> out = new ArrayList<>(g.getKey().subList(0, keys.size()));
            List<String> seeds = new ArrayList<>();
            runs.forEach(r -> seeds.add(r.get(seed)));
            out.add(String.join(" ", seeds));
            for (int m = 0; m < metrics.size(); m++) {
                double[] values = new double[runs.size()];
                for (int r = 0; r < values.length; r++) {
                    values[r] = Double.parseDouble(runs.get(r).get(metrics.get(m)));
                }
                MeanInterval interval = MeanInterval.of(CONFIDENCE, values);
                int places = SummaryTable.METRIC_DECIMALS.get(m) + 1;
                out.add(Decimals.FORMATTER.fixed(interval.mean(), places));
                out.add(Decimals.FORMATTER.fixedOrEmpty(interval.low(), places));
                out.add(Decimals.FORMATTER.fixedOrEmpty(interval.high(), places));
            }
            out.addAll(g.getKey().subList(keys.size(), g.getKey().size()));
            table.add(out);
        }
        return table;
    }

    /** True when some configuration ran on more than one seed: only then is the file written. */
    public static boolean repeated(List<List<String>> table) {
        int seeds = table.get(0).indexOf("seeds");
        return table.stream().skip(1).anyMatch(r -> r.get(seeds).contains(" "));
    }

    /**
     * Writes sweep-intervals.csv into {@code dir} when some configuration ran on several seeds, and
     * removes one an earlier sweep left there otherwise; returns the file, or null when none is written.
     */
    public static Path write(Path dir, List<String> header, List<List<String>> rows) throws IOException {
        Path file = dir.resolve(FILE);
        List<List<String>> table = table(header, rows);
        if (!repeated(table)) {
            Files.deleteIfExists(file);
            return null;
        }
        CsvTable.write(file, table.get(0), table.subList(1, table.size()));
        return file;
    }

    private static int indexOf(List<String> header, String column) {
        int i = header.indexOf(column);
        if (i < 0) {
            throw new IllegalArgumentException("sweep.csv has no column " + column);
        }
        return i;
    }
}
