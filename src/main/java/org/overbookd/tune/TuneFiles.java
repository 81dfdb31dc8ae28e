package org.overbookd.tune;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.overbookd.backend.simulated.RecordFacts;
import org.overbookd.config.Option;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.io.CsvTable;
import org.overbookd.io.Decimals;
import org.overbookd.io.Provenance;
import org.overbookd.stats.MeanInterval;

/**
 * What {@code tune} leaves in its output directory: {@code frontier.csv} (every configuration, the
 * baseline first), {@code frontier.png} ({@link FrontierChart}) and {@code recommended.properties}
 * (the keys the recommendation changes, under a comment saying what was measured). No file holds a
 * time of day or a thread count: the same record, grid and seeds give the same bytes.
 */
public final class TuneFiles {

    public static final String CSV = "frontier.csv";
    public static final String CHART = "frontier.png";
    public static final String RECOMMENDED = "recommended.properties";

    private TuneFiles() {}

    /** The metric columns of frontier.csv, after the configuration's own columns. */
    static final List<String> METRICS = List.of(
            "seeds",
            "utilization_mean",
            "utilization_min",
            "low_qos_hours_mean",
            "low_qos_hours_min",
            "degradation_100_pct_mean",
            "degradation_100_pct_max",
            "degradation_95_pct_mean",
            "degradation_95_pct_max",
            "suspends_mean",
            "suspends_max",
            "suspends_per_day_max",
            "within_budget",
            "pareto",
            "held_out_seeds",
            "held_out_degradation_100_pct_max",
            "held_out_within_budget",
            "rank",
            "utilization_ci95_low",
            "utilization_ci95_high",
            "low_qos_hours_ci95_low",
            "low_qos_hours_ci95_high",
            "degradation_100_pct_ci95_low",
            "degradation_100_pct_ci95_high",
            "suspends_ci95_low",
            "suspends_ci95_high",
            "suspends_per_vm_day_mean",
            "suspends_per_vm_day_max",
            "vm_suspends_in_a_day_max");

    /**
     * Writes frontier.csv and frontier.png; returns their paths. When a configuration judges hosts on
     * a forecast, frontier.csv says on which, after the swept keys ({@link ReplayedForecasts}).
     */
    public static List<Path> writeFrontier(
            Path dir, Frontier f, List<Option<?>> swept, Provenance workload, RecordFacts facts) throws IOException {
        List<Option<?>> extra = new ArrayList<>();
        for (Option<?> option : swept) {
            if (option != Options.UPPER_BOUND && option != Options.LOWER_BOUND && option != Options.SLOTS) {
                extra.add(option);
            }
        }
        List<String> header = new ArrayList<>(List.of("config", "upper", "lower", "slots"));
        extra.forEach(o -> header.add(o.key()));
        // only then: a measured-only tune keeps its columns
        boolean forecasts = f.configs().stream().anyMatch(c -> ReplayedForecasts.forecastAware(c.settings()));
        if (forecasts) {
            header.add(ReplayedForecasts.COLUMN);
        }
        header.addAll(METRICS);
        header.addAll(Provenance.COLUMNS);
        Path csv = dir.resolve(CSV);
        try (CsvTable table = CsvTable.create(csv, header, Decimals.FORMATTER)) {
            List<TunedConfig> rows = new ArrayList<>();
            rows.add(f.baseline());
            rows.addAll(f.configs());
            for (TunedConfig c : rows) {
                Settings s = c.settings();
                table.text(c.isBaseline() ? "baseline" : Integer.toString(c.position() + 1))
                        .text(s.formatted(Options.UPPER_BOUND))
                        .text(s.formatted(Options.LOWER_BOUND))
                        .text(s.formatted(Options.SLOTS));
                extra.forEach(o -> table.text(s.formatted(o)));
                if (forecasts) {
                    table.text(ReplayedForecasts.of(s, facts));
                }
                table.text(c.seeds().stream().map(String::valueOf).collect(Collectors.joining(" ")))
                        .fixed(c.utilizationMean(), 3)
                        .fixed(c.utilizationMin(), 3)
                        .fixed(c.lowQosHoursMean(), 2)
                        .fixed(c.lowQosHoursMin(), 2)
                        .fixed(c.degradation100Mean(), 4)
                        .fixed(c.degradation100Max(), 4)
                        .fixed(c.degradation95Mean(), 4)
                        .fixed(c.degradation95Max(), 4)
                        .fixed(c.suspendsMean(), 1)
                        .count((long) c.suspendsMax())
                        .fixed(c.suspendsPerDayMax(), 1)
                        .text(f.withinBudget(c) ? "yes" : "no")
                        .text(f.onFrontier(c) ? "yes" : "no");
                TunedConfig held = f.heldOut(c).orElse(null);
                if (held == null) {
                    table.empty().empty().empty();
                } else {
                    table.text(held.seeds().stream().map(String::valueOf).collect(Collectors.joining(" ")))
                            .fixed(held.degradation100Max(), 4)
                            .text(f.brokeHeldOut(c) ? "no" : "yes");
                }
                int rank = c.isBaseline() ? 0 : f.rank(c);
                if (rank == 0) {
                    table.empty();
                } else {
                    table.count(rank);
                }
                // the ends of each mean's 95% interval over the seeds: one decimal more than the mean
                interval(table, c.utilizationInterval(), 4);
                interval(table, c.lowQosHoursInterval(), 3);
                interval(table, c.degradation100Interval(), 5);
                interval(table, c.suspendsInterval(), 2);
                table.fixed(c.suspendsPerVmDayMean(), 3)
                        .fixed(c.suspendsPerVmDayMax(), 3)
                        .count((long) c.mostSuspendsInDay());
                workload.cells().forEach(table::text);
                table.endRow();
            }
        }
        Path png = FrontierChart.write(dir.resolve(CHART), f, workload);
        return List.of(csv, png);
    }

    private static void interval(CsvTable table, MeanInterval interval, int places) {
        table.fixedOrEmpty(interval.low(), places).fixedOrEmpty(interval.high(), places);
    }

    private static String capitalized(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /**
     * Writes recommended.properties for {@code f}'s recommendation: the keys whose value differs
     * from {@code base}, under a comment naming the records, their span, the seeds and the figures.
     */
    public static Path writeRecommended(
            Path dir,
            Frontier f,
            Settings base,
            List<Option<?>> swept,
            List<Path> records,
            RecordFacts facts,
            BaselineCheck check)
            throws IOException {
        TunedConfig r = f.recommended().orElseThrow();
        Objective o = f.objective();
        List<String> lines = new ArrayList<>();
        lines.add("# overbookd tune: of " + f.configs().size() + " configurations, the one with the highest "
                + o.words() + " within the budget:");
        lines.add("#   " + f.budget().describe() + ".");
        lines.add("# Measured on " + (records.size() == 1 ? "the record " : "the records ")
                + records.stream().map(Path::toString).collect(Collectors.joining(", ")) + " ("
                + facts.files().size() + " file" + (facts.files().size() == 1 ? "" : "s") + "),");
        lines.add("#   " + facts.span() + ",");
        lines.add("#   " + facts.hosts().size() + " hosts, " + facts.totalCores() + " cores; replayed with seeds "
                + r.seeds().stream().map(String::valueOf).collect(Collectors.joining(", "))
                + " of the low-QoS workload.");
        lines.add(String.format(
                Locale.ROOT,
                "# Utilization %.2f%% (worst seed %.2f%%), low-QoS hours %.1f (worst %.1f),",
                r.utilizationMean(),
                r.utilizationMin(),
                r.lowQosHoursMean(),
                r.lowQosHoursMin()));
        lines.add(String.format(
                Locale.ROOT,
                "#   degradation_100 %.3f%% of host-steps (worst %.3f%%), degradation_95 %.3f%% (worst %.3f%%),"
                        + " %.1f suspends (most %d).",
                r.degradation100Mean(),
                r.degradation100Max(),
                r.degradation95Mean(),
                r.degradation95Max(),
                r.suspendsMean(),
                (long) r.suspendsMax()));
        TunedConfig held = f.heldOut(r).orElseThrow();
        lines.add("# Checked on " + held.seeds().size() + " held-out seeds ("
                + held.seeds().get(0) + " to " + held.seeds().get(held.seeds().size() - 1)
                + "), not those that chose it:");
        lines.add("#   " + f.budget().against(held) + ".");
        for (TunedConfig broke : f.checked()) {
            if (f.brokeHeldOut(broke)) {
                lines.add(
                        "#   Not recommended though ahead of it: " + broke.label() + ", which broke the budget there.");
            }
        }
        TunedConfig b = f.baseline();
        lines.add(String.format(
                Locale.ROOT,
                "# Without overbooking: utilization %.2f%%, degradation_100 %.3f%% (worst %.3f%%).",
                b.utilizationMean(),
                b.degradation100Mean(),
                b.degradation100Max()));
        lines.add("#   " + capitalized(check.describe()) + ".");
        if (ReplayedForecasts.forecastAware(r.settings())) {
            lines.add("# Its hosts were judged on " + ReplayedForecasts.words(r.settings(), facts) + ".");
        }
        List<Option<?>> keys = new ArrayList<>(List.of(Options.LOWER_BOUND, Options.UPPER_BOUND, Options.SLOTS));
        for (Option<?> option : swept) {
            if (!keys.contains(option)) {
                keys.add(option);
            }
        }
        int changed = 0;
        for (Option<?> option : keys) {
            String value = r.settings().formatted(option);
            if (!value.equals(base.formatted(option))) {
                lines.add(option.key() + " = " + value);
                changed++;
            }
        }
        if (changed == 0) {
            lines.add("# (the settings tuned from already hold these values: nothing to change)");
        }
        Path file = dir.resolve(RECOMMENDED);
        Path partial = dir.resolve(RECOMMENDED + ".part");
        try (Writer w = Files.newBufferedWriter(partial, StandardCharsets.UTF_8)) {
            for (String line : lines) {
                w.write(line);
                w.write('\n');
            }
        }
        Files.move(
                partial,
                file,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return file;
    }
}
