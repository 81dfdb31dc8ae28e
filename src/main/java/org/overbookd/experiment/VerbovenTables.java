package org.overbookd.experiment;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.overbookd.config.Option;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;
import org.overbookd.sim.overbooking.SimResult;
import org.overbookd.stats.MeanInterval;
import org.overbookd.sweep.SeedIntervals;
import org.overbookd.sweep.SweepRunner;

/**
 * Verboven et al.'s tables 1-3 (and the baseline without overbooking) beside ours: the paper's
 * scenario of section 4.1 (the simulator's defaults: 50 octacore hosts, one week), the grid of
 * {@code sim/verboven-tables.properties}, run on seeds 1 to 10; each cell gives the paper's figure,
 * ours on seed 1 (what the tables always showed) and the mean of the ten seeds with its 95% interval
 * by Student's t. Parts: {@code baseline}, {@code table-1}, {@code table-2}, {@code table-3}.
 */
public final class VerbovenTables implements Experiment {

    /** The seeds every cell is run on: 1 to 10. */
    static final int SEEDS = 10;

    /**
     * The paper's tables 1-3 (bounds, slots, utilization, hours, suspends, > 100%, > 95%), as printed
     * in Verboven et al., "Multiplexing low and high QoS workloads in virtual environments".
     */
    private static final String PAPER = """
            85 60 1 73.7 3297.79 405 0 1
            85 65 1 75.19 4434.55 1125 0 3
            85 70 1 76.36 5338.98 3443 0 17
            90 60 1 74.57 3966.83 191 0 10
            90 65 1 76.3 5290.09 406 0 25
            90 70 1 77.42 6150.38 1033 0 62
            90 75 1 78.28 6806.58 2508 6 195
            95 60 1 75.25 4491.03 144 3 144
            95 65 1 77.29 6043.97 234 7 234
            95 70 1 78.45 6936.92 383 13 384
            95 75 1 79.17 7478.31 660 22 660
            95 80 1 79.66 7864.45 1305 64 1305
            85 60 2 73.86 3418.20 490 0 1
            85 65 2 75.81 4909.43 1839 0 9
            85 70 2 77.83 6457.53 6797 3 81
            90 60 2 75.07 4341.34 243 0 15
            90 65 2 77.59 6277.52 746 1 49
            90 70 2 79.87 8020.48 2507 7 196
            90 75 2 82.13 9760.40 7461 49 868
            95 60 2 75.84 4934.74 176 7 177
            95 65 2 79.37 7639.71 370 18 371
            95 70 2 82.21 9813.01 888 43 888
            95 75 2 84.45 11528.12 2207 135 2208
            95 80 2 86.16 12845.09 5498 577 5498
            85 60 3 73.88 3429.17 476 0 1
            85 65 3 75.81 4915.34 1866 0 10
            85 70 3 77.84 6468.15 6871 6 94
            90 60 3 75.0 4289.79 242 0 16
            90 65 3 77.57 6266.12 757 1 51
            90 70 3 79.89 8047.17 2619 13 211
            90 75 3 82.35 9921.47 8502 107 1190
            95 60 3 75.88 4964.69 172 8 173
            95 65 3 79.38 7643.12 376 18 376
            95 70 3 82.36 9926.95 966 53 966
            95 75 3 84.92 11885.76 2898 246 2899
            95 80 3 87.33 13733.74 8838 1376 8838
            """;

    /** The paper's mean utilization without overbooking (section 4.2). */
    static final double PAPER_BASELINE = 69.4;

    /** One cell of the paper's tables. */
    record PaperRow(
            int upper,
            int lower,
            int slots,
            double utilization,
            double hours,
            double suspends,
            double degradation100,
            double degradation95) {}

    static List<PaperRow> paperRows() {
        List<PaperRow> rows = new ArrayList<>();
        for (String line : PAPER.strip().split("\n")) {
            String[] f = line.trim().split(" ");
            rows.add(new PaperRow(
                    Integer.parseInt(f[0]),
                    Integer.parseInt(f[1]),
                    Integer.parseInt(f[2]),
                    Double.parseDouble(f[3]),
                    Double.parseDouble(f[4]),
                    Double.parseDouble(f[5]),
                    Double.parseDouble(f[6]),
                    Double.parseDouble(f[7])));
        }
        return rows;
    }

    @Override
    public String name() {
        return "verboven-tables";
    }

    @Override
    public String summary() {
        return "Verboven et al., tables 1-3 and the baseline: the paper's 36 cells beside ours on seed 1 and the"
                + " mean of seeds 1-10 with its 95% interval (parts: baseline, table-1, table-2, table-3)";
    }

    /** The settings of the paper's 36 cells on one seed, in the order of its tables. */
    public static List<Settings> cells(long seed) {
        return paperRows().stream()
                .map(p -> cell(p.upper(), p.lower(), p.slots(), seed))
                .toList();
    }

    /** The settings of one cell on one seed: the simulator's defaults are the paper's scenario. */
    static Settings cell(int upper, int lower, int slots, long seed) {
        return Settings.defaults()
                .with(Options.UPPER_BOUND, (double) upper)
                .with(Options.LOWER_BOUND, (double) lower)
                .with(Options.SLOTS, slots)
                .with(Options.SIM_SEED, seed);
    }

    @Override
    public void run(Run run, PrintWriter out, PrintWriter err) throws ExperimentException, InterruptedException {
        // reads no file: the paper's scenario is the simulator's defaults
        String part = run.part();
        List<String> parts = List.of("baseline", "table-1", "table-2", "table-3");
        if (part != null && !parts.contains(part)) {
            throw new ExperimentException(
                    "verboven-tables has no part '" + part + "'; its parts: " + String.join(", ", parts));
        }
        List<PaperRow> paper = paperRows();
        List<Settings> settings = new ArrayList<>();
        boolean baseline = part == null || part.equals("baseline");
        if (baseline) {
            for (long seed = 1; seed <= SEEDS; seed++) {
                settings.add(cell(90, 70, 0, seed));
            }
        }
        List<PaperRow> cells = new ArrayList<>();
        for (PaperRow p : paper) {
            if (part == null || part.equals("table-" + p.slots())) {
                cells.add(p);
                for (long seed = 1; seed <= SEEDS; seed++) {
                    settings.add(cell(p.upper(), p.lower(), p.slots(), seed));
                }
            }
        }
        List<Option<?>> shown = List.of(Options.UPPER_BOUND, Options.LOWER_BOUND, Options.SLOTS, Options.SIM_SEED);
        err.printf(
                Locale.ROOT,
                "verboven-tables: %d runs of one week on %d thread%s%n",
                settings.size(),
                run.threads(),
                run.threads() == 1 ? "" : "s");
        err.flush();
        List<SimResult> results = new SweepRunner(run.threads(), err).run(settings, shown, null);
        out.print("Workload: " + SimBindings.provenance(Settings.defaults()).describe() + ", the paper's scenario"
                + " of section 4.1; ours on seed 1, and the mean of seeds 1-" + SEEDS + " with its 95% interval"
                + " (Student's t over the seeds).\n\n");
        int next = 0;
        if (baseline) {
            printBaseline(out, results.subList(0, SEEDS));
            next = SEEDS;
        }
        for (int slots = 1; slots <= 3; slots++) {
            List<PaperRow> table = new ArrayList<>();
            for (PaperRow p : cells) {
                if (p.slots() == slots) {
                    table.add(p);
                }
            }
            if (table.isEmpty()) {
                continue;
            }
            if (baseline || next > 0) {
                out.print("\n");
            }
            printTable(out, slots, table, results.subList(next, next + table.size() * SEEDS));
            next += table.size() * SEEDS;
        }
        out.flush();
    }

    private static void printBaseline(PrintWriter out, List<SimResult> runs) {
        out.print("Utilization without overbooking (`overbooking.slots = 0`), per seed:\n\n");
        List<String> header = new ArrayList<>(List.of("seed"));
        List<String> row = new ArrayList<>(List.of("utilization"));
        for (int s = 0; s < runs.size(); s++) {
            header.add(Integer.toString(s + 1));
            row.add(Markdown.plain(runs.get(s).utilization(), 2));
        }
        Markdown table = new Markdown(header);
        table.row(row);
        table.print(out);
        MeanInterval m = interval(runs, SimResult::utilization);
        double min = runs.stream().mapToDouble(SimResult::utilization).min().orElseThrow();
        double max = runs.stream().mapToDouble(SimResult::utilization).max().orElseThrow();
        out.printf(
                Locale.ROOT,
                "%nMean %.2f, 95%% interval [%.2f, %.2f], range %.2f-%.2f; the paper: %.1f.%n",
                m.mean(),
                m.low(),
                m.high(),
                min,
                max,
                PAPER_BASELINE);
    }

    private static void printTable(PrintWriter out, int slots, List<PaperRow> paper, List<SimResult> runs) {
        out.printf(Locale.ROOT, "### Table %d: %d overbooking slot%s%n%n", slots, slots, slots == 1 ? "" : "s");
        out.print("Each cell: the paper / ours, seed 1 / ours, mean of seeds 1-" + SEEDS + " [95% interval].\n\n");
        Markdown table = new Markdown("bounds", "utilization", "hours", "suspends", "> 100%", "> 95%");
        int above = 0;
        int below = 0;
        for (int i = 0; i < paper.size(); i++) {
            PaperRow p = paper.get(i);
            List<SimResult> seeds = runs.subList(i * SEEDS, (i + 1) * SEEDS);
            MeanInterval u = interval(seeds, SimResult::utilization);
            above += p.utilization() > u.high() ? 1 : 0;
            below += p.utilization() < u.low() ? 1 : 0;
            table.row(
                    p.upper() + "-" + p.lower(),
                    cell(p.utilization(), seeds, SimResult::utilization, 2),
                    cell(p.hours(), seeds, SimResult::overbookedHours, 0),
                    cell(p.suspends(), seeds, SimResult::suspends, 0),
                    cell(p.degradation100(), seeds, SimResult::degradation100, 0),
                    cell(p.degradation95(), seeds, SimResult::degradation95, 0));
        }
        table.print(out);
        out.printf(
                Locale.ROOT,
                "%nThe paper's utilization is inside our interval in %d of %d cells, above it in %d,"
                        + " below it in %d.%n",
                paper.size() - above - below,
                paper.size(),
                above,
                below);
    }

    /** "73.70 / 73.53 / 73.31 [73.02, 73.60]". */
    private static String cell(double paper, List<SimResult> seeds, ToDoubleFunction<SimResult> metric, int decimals) {
        MeanInterval m = interval(seeds, metric);
        return Markdown.plain(paper, decimals) + " / " + Markdown.plain(metric.applyAsDouble(seeds.get(0)), decimals)
                + " / " + Markdown.plain(m.mean(), decimals) + " [" + Markdown.plain(m.low(), decimals) + ", "
                + Markdown.plain(m.high(), decimals) + "]";
    }

    static MeanInterval interval(List<SimResult> runs, ToDoubleFunction<SimResult> metric) {
        return MeanInterval.of(
                SeedIntervals.CONFIDENCE, runs.stream().mapToDouble(metric).toArray());
    }
}
