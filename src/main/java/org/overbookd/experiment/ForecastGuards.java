package org.overbookd.experiment;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.overbookd.backend.simulated.ForecastOrigin;
import org.overbookd.backend.simulated.SyntheticWorkload.PatternMix;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;
import org.overbookd.io.InputException;
import org.overbookd.policy.overbooking.UtilizationSource;
import org.overbookd.sim.overbooking.SimResult;
import org.overbookd.stats.MeanInterval;
import org.overbookd.sweep.SeedIntervals;
import org.overbookd.sweep.SweepRunner;

/**
 * Forecasts and live guards on the paper's scenario of Verboven et al. (50 hosts of 8 cores, a week,
 * 2 slots), with every high-QoS VM on one load pattern (noisy, spiky or business): for three pairs
 * of bounds, the hosts judged on their measurement, on OpenNebula's default forecast, or on an even
 * blend, without guards, and the measurement and the blend with them too (30 minutes' minimum run, 4
 * suspensions per VM a day); over seeds 1-5 (1-10 with --full), each figure the mean with its 95% interval. Then each forecast-aware
 * configuration beside the measured-only ones within 0.5 points of its utilization: does it cross
 * 100% less often?
 *
 * <p>The part {@code recorded} does the same on a recorded week ({@link RecordedWeek}): the week's
 * hosts and high-QoS loads as the daemon's recorder wrote them, with the forecasts it recorded, each
 * seed a different low-QoS queue; the forecast-aware configurations are replayed on the record's
 * forecasts and on the model's from the replayed samples (what tune did before records kept them).
 */
public final class ForecastGuards implements Experiment {

    static final int[][] BOUNDS = {{85, 65}, {90, 70}, {95, 80}};
    static final List<Signal> SIGNALS = List.of(
            new Signal(UtilizationSource.MEASURED, 0, null),
            new Signal(UtilizationSource.FORECAST, 1, null),
            new Signal(UtilizationSource.BLEND, 0.5, null));
    static final Duration MIN_RUN = Duration.ofMinutes(30);
    static final int CAP = 4;
    /** "Equal utilization": within this many points. */
    static final double EQUAL = 0.5;

    /**
     * What the bounds judge: the source, for a blend the forecast's weight, and the forecast's look-back
     * when it is not forecast.conf's hour (null; with the hour OpenNebula's model forecasts the hour's
     * mean, with 3 hours or more it fits its ridge autoregression, which costs about a minute of CPU a run).
     */
    record Signal(UtilizationSource source, double weight, Duration lookback, ForecastOrigin from) {
        Signal(UtilizationSource source, double weight, Duration lookback) {
            this(source, weight, lookback, ForecastOrigin.RECORD);
        }

        String label() {
            String look = lookback == null ? "" : " " + lookback.toHours() + "h";
            String origin = from == ForecastOrigin.SAMPLES ? " (from samples)" : "";
            return switch (source) {
                case MEASURED -> "measured";
                case FORECAST -> "forecast" + look + origin;
                case BLEND -> "blend " + Markdown.plain(weight, 1) + look + origin;
            };
        }
    }

    /** One configuration of a table. */
    record Config(int upper, int lower, Signal signal, boolean guarded) {
        String label() {
            return upper + "-" + lower + ", " + signal.label() + (guarded ? ", guards" : "");
        }
    }

    @Override
    public String name() {
        return "forecast-guards";
    }

    @Override
    public String summary() {
        return "forecasts and live guards on Verboven et al.'s scenario, one high-QoS load pattern at a time, and on a"
                + " week recorded through the daemon's recorder: bounds 85-65, 90-70, 95-80 with 2 slots, measured,"
                + " forecast or blend, without and with guards, seeds 1-5 (1-10 with --full) (parts: noisy, spiky,"
                + " business, recorded)";
    }

    /** Per pair of bounds: each signal without guards, and the measurement and the blend with them. */
    static List<Config> configs() {
        List<Config> configs = new ArrayList<>();
        for (int[] b : BOUNDS) {
            for (Signal s : SIGNALS) {
                configs.add(new Config(b[0], b[1], s, false));
                if (s.source() != UtilizationSource.FORECAST && s.lookback() == null) {
                    configs.add(new Config(b[0], b[1], s, true));
                }
            }
        }
        return configs;
    }

    /**
     * The configurations of the recorded week: those of {@link #configs()}, each forecast-aware one
     * followed by its twin on the model's forecasts from the replayed samples.
     */
    static List<Config> recordedConfigs() {
        List<Config> configs = new ArrayList<>();
        for (Config c : configs()) {
            configs.add(c);
            Signal s = c.signal();
            if (s.source() != UtilizationSource.MEASURED) {
                configs.add(new Config(
                        c.upper(),
                        c.lower(),
                        new Signal(s.source(), s.weight(), s.lookback(), ForecastOrigin.SAMPLES),
                        c.guarded()));
            }
        }
        return configs;
    }

    static Settings settings(PatternMix pattern, Config c, long seed) {
        return settings(Settings.defaults().with(Options.SIM_HIGH_PATTERNS, pattern), c, seed);
    }

    /** {@code base} under configuration {@code c} and {@code seed}. */
    static Settings settings(Settings base, Config c, long seed) {
        Settings s = base.with(Options.UPPER_BOUND, (double) c.upper())
                .with(Options.LOWER_BOUND, (double) c.lower())
                .with(Options.SLOTS, 2)
                .with(Options.SIM_SEED, seed)
                .with(Options.UTILIZATION_SOURCE, c.signal().source())
                .with(Options.SIM_FORECAST_FROM, c.signal().from());
        if (c.signal().source() == UtilizationSource.BLEND) {
            s = s.with(Options.UTILIZATION_FORECAST_WEIGHT, c.signal().weight());
        }
        if (c.signal().lookback() != null) {
            s = s.with(Options.SIM_FORECAST_LOOKBACK, c.signal().lookback());
        }
        if (c.guarded()) {
            s = s.with(Options.GUARD_MIN_RUN_TIME, MIN_RUN).with(Options.GUARD_MAX_SUSPENDS_PER_DAY, CAP);
        }
        return s;
    }

    @Override
    public void run(Run run, PrintWriter out, PrintWriter err)
            throws ExperimentException, InterruptedException, InputException {
        List<PatternMix> patterns = List.of(PatternMix.NOISY, PatternMix.SPIKY, PatternMix.BUSINESS);
        List<PatternMix> chosen = new ArrayList<>();
        for (PatternMix p : patterns) {
            if (run.part() == null || run.part().equals(p.name().toLowerCase(Locale.ROOT))) {
                chosen.add(p);
            }
        }
        boolean recorded = run.part() == null || run.part().equals(RecordedWeek.PART);
        if (chosen.isEmpty() && !recorded) {
            throw new ExperimentException(
                    "forecast-guards has no part '" + run.part() + "'; its parts: noisy, spiky, business, recorded");
        }
        int seeds = run.full() ? 10 : 5;
        List<Config> configs = configs();
        for (int p = 0; p < chosen.size(); p++) {
            PatternMix pattern = chosen.get(p);
            List<Settings> runs = new ArrayList<>();
            for (Config c : configs) {
                for (long seed = 1; seed <= seeds; seed++) {
                    runs.add(settings(pattern, c, seed));
                }
            }
            List<SimResult> results = new SweepRunner(run.threads(), err)
                    .run(
                            runs,
                            List.of(
                                    Options.UTILIZATION_SOURCE,
                                    Options.SIM_FORECAST_LOOKBACK,
                                    Options.GUARD_MAX_SUSPENDS_PER_DAY),
                            null);
            if (p > 0) {
                out.print("\n");
            }
            String name = pattern.name().toLowerCase(Locale.ROOT);
            print(
                    out,
                    "Every high-QoS VM " + name,
                    SimBindings.provenance(runs.get(0)).describe() + ", every high-QoS VM " + name,
                    configs,
                    results,
                    seeds);
        }
        if (recorded) {
            if (!chosen.isEmpty()) {
                out.print("\n");
            }
            runRecorded(run, seeds, out, err);
        }
        out.flush();
    }

    /** The recorded week: recorded once, then replayed under every configuration with each seed. */
    private static void runRecorded(Run run, int seeds, PrintWriter out, PrintWriter err)
            throws InterruptedException, InputException {
        RecordedWeek week = RecordedWeek.record(err);
        try {
            List<Config> configs = recordedConfigs();
            List<Settings> runs = new ArrayList<>();
            for (Config c : configs) {
                for (long seed = 1; seed <= seeds; seed++) {
                    runs.add(settings(week.replaySettings(), c, seed));
                }
            }
            List<SimResult> results = new SweepRunner(run.threads(), err)
                    .run(
                            runs,
                            List.of(
                                    Options.UTILIZATION_SOURCE,
                                    Options.SIM_FORECAST_FROM,
                                    Options.GUARD_MAX_SUSPENDS_PER_DAY),
                            week.workload());
            print(out, "A recorded week", week.describe(), configs, results, seeds);
        } finally {
            week.delete();
        }
    }

    private static void print(
            PrintWriter out, String title, String workload, List<Config> configs, List<SimResult> results, int seeds) {
        out.print("### " + title + "\n\n");
        out.print("Workload: " + workload + "; 2 slots; seeds 1-" + seeds
                + ". Each cell: the mean [95% interval]. `> 100%`: host-steps above 100%; suspends a VM-day:"
                + " suspensions per low-QoS VM per day it was in the system; most a day: the most suspensions of"
                + " one VM within 24 hours, over every seed.\n\n");
        Markdown table =
                new Markdown("bounds, judged on, guards", "utilization", "> 100%", "suspends a VM-day", "most a day");
        List<MeanInterval> utilization = new ArrayList<>();
        List<MeanInterval> above = new ArrayList<>();
        for (int i = 0; i < configs.size(); i++) {
            List<SimResult> r = results.subList(i * seeds, (i + 1) * seeds);
            MeanInterval u = interval(r, SimResult::utilization);
            MeanInterval d = interval(r, x -> x.degradation100());
            utilization.add(u);
            above.add(d);
            long most = r.stream().mapToLong(SimResult::mostSuspendsInDay).max().orElseThrow();
            table.row(
                    configs.get(i).label(),
                    cell(u, 2),
                    cell(d, 0),
                    cell(interval(r, SimResult::suspendsPerVmDay), 2),
                    most);
        }
        table.print(out);
        out.print("\nEach forecast-aware configuration beside the measured-only one with the fewest host-steps above"
                + " 100% among those within " + Markdown.plain(EQUAL, 1) + " points of its utilization (means):\n\n");
        Markdown pairs = new Markdown("forecast-aware", "best measured-only", "utilization", "> 100%", "difference");
        int fewer = 0;
        int count = 0;
        for (int f = 0; f < configs.size(); f++) {
            if (configs.get(f).signal().source() == UtilizationSource.MEASURED) {
                continue;
            }
            int best = -1;
            for (int m = 0; m < configs.size(); m++) {
                if (configs.get(m).signal().source() == UtilizationSource.MEASURED
                        && Math.abs(utilization.get(f).mean()
                                        - utilization.get(m).mean())
                                <= EQUAL
                        && (best < 0 || above.get(m).mean() < above.get(best).mean())) {
                    best = m;
                }
            }
            if (best < 0) {
                pairs.row(
                        configs.get(f).label(),
                        "none within " + Markdown.plain(EQUAL, 1) + " points",
                        Markdown.plain(utilization.get(f).mean(), 2),
                        Markdown.plain(above.get(f).mean(), 0),
                        "");
                continue;
            }
            double diff = above.get(f).mean() - above.get(best).mean();
            count++;
            fewer += diff < 0 ? 1 : 0;
            pairs.row(
                    configs.get(f).label(),
                    configs.get(best).label(),
                    Markdown.plain(utilization.get(f).mean(), 2) + " / "
                            + Markdown.plain(utilization.get(best).mean(), 2),
                    Markdown.plain(above.get(f).mean(), 0) + " / "
                            + Markdown.plain(above.get(best).mean(), 0),
                    Markdown.plain(diff, 0));
        }
        pairs.print(out);
        out.printf(
                Locale.ROOT,
                "%nThe forecast-aware configuration crosses 100%% less often than the best measured-only"
                        + " one at its utilization in %d of %d comparisons.%n",
                fewer,
                count);
    }

    private static String cell(MeanInterval m, int decimals) {
        return Markdown.plain(m.mean(), decimals) + " [" + Markdown.plain(m.low(), decimals) + ", "
                + Markdown.plain(m.high(), decimals) + "]";
    }

    private static MeanInterval interval(List<SimResult> runs, ToDoubleFunction<SimResult> metric) {
        return MeanInterval.of(
                SeedIntervals.CONFIDENCE, runs.stream().mapToDouble(metric).toArray());
    }
}
