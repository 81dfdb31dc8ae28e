package org.overbookd.tune;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.sim.overbooking.SimResult;
import org.overbookd.stats.MeanInterval;
import org.overbookd.sweep.SeedIntervals;

/**
 * One configuration of a {@code tune} grid, replayed once per seed of the low-QoS workload: its
 * metrics over the seeds, the mean and the worst (lowest utilization and low-QoS hours, highest
 * degradation and suspensions). Degradation is in percent of the host x step points measured.
 *
 * @param position where it stands in the grid, from 0 (the baseline without overbooking is -1)
 * @param settings its settings, the seed being the first seed's
 * @param seeds    the seeds, in order
 * @param results  one result per seed, in the same order
 * @param hosts    the hosts replayed
 * @param seconds  the length of each replay
 */
public record TunedConfig(
        int position, Settings settings, List<Long> seeds, List<SimResult> results, int hosts, long seconds) {

    public TunedConfig {
        seeds = List.copyOf(seeds);
        results = List.copyOf(results);
        if (seeds.size() != results.size() || seeds.isEmpty()) {
            throw new IllegalArgumentException("one result per seed, at least one");
        }
        if (seconds <= 0) {
            throw new IllegalArgumentException("a replay lasts some time, not " + seconds + " s");
        }
    }

    public boolean isBaseline() {
        return position < 0;
    }

    public double utilizationMean() {
        return mean(SimResult::utilization);
    }

    public double utilizationMin() {
        return min(SimResult::utilization);
    }

    public double lowQosHoursMean() {
        return mean(SimResult::overbookedHours);
    }

    public double lowQosHoursMin() {
        return min(SimResult::overbookedHours);
    }

    public double degradation100Mean() {
        return mean(r -> percent(r.degradation100(), r));
    }

    public double degradation100Max() {
        return max(r -> percent(r.degradation100(), r));
    }

    public double degradation95Mean() {
        return mean(r -> percent(r.degradation95(), r));
    }

    public double degradation95Max() {
        return max(r -> percent(r.degradation95(), r));
    }

    public double suspendsMean() {
        return mean(SimResult::suspends);
    }

    public double suspendsMax() {
        return max(SimResult::suspends);
    }

    /** The worst seed's suspensions per day of replay, over the whole cluster. */
    public double suspendsPerDayMax() {
        return suspendsMax() * 86_400.0 / seconds;
    }

    /** Suspensions per low-QoS VM per day it spent in the system, the mean over the seeds. */
    public double suspendsPerVmDayMean() {
        return mean(SimResult::suspendsPerVmDay);
    }

    /** The same, the worst seed. */
    public double suspendsPerVmDayMax() {
        return max(SimResult::suspendsPerVmDay);
    }

    /** The most suspensions of one VM within 24 hours, over every seed: what the live cap bounds. */
    public double mostSuspendsInDay() {
        return max(r -> r.mostSuspendsInDay());
    }

    public double objectiveMean(Objective o) {
        return mean(o::of);
    }

    /** The objective's 95% interval over the seeds (Student's t; no interval for one seed). */
    public MeanInterval objectiveInterval(Objective o) {
        return interval(o::of);
    }

    public MeanInterval utilizationInterval() {
        return interval(SimResult::utilization);
    }

    public MeanInterval lowQosHoursInterval() {
        return interval(SimResult::overbookedHours);
    }

    public MeanInterval degradation100Interval() {
        return interval(r -> percent(r.degradation100(), r));
    }

    public MeanInterval suspendsInterval() {
        return interval(SimResult::suspends);
    }

    private MeanInterval interval(ToDoubleFunction<SimResult> metric) {
        return MeanInterval.of(
                SeedIntervals.CONFIDENCE, results.stream().mapToDouble(metric).toArray());
    }

    public double objectiveWorst(Objective o) {
        return min(o::of);
    }

    /**
     * "upper 90, lower 70, 2 slots" (no overbooking: "no overbooking (0 slots)"), then what the bounds
     * judge when it is not the measurement ("blend 0.5", "forecast") and the live guards that are on
     * ("min-run-time 30m", "max-suspends-per-day 4").
     */
    public String label() {
        int slots = settings.get(Options.SLOTS);
        if (slots == 0) {
            return "no overbooking (0 slots)";
        }
        StringBuilder label = new StringBuilder("upper " + settings.formatted(Options.UPPER_BOUND) + ", lower "
                + settings.formatted(Options.LOWER_BOUND) + ", " + slots + " slot" + (slots == 1 ? "" : "s"));
        switch (settings.get(Options.UTILIZATION_SOURCE)) {
            case FORECAST -> label.append(", forecast");
            case BLEND -> label.append(", blend ").append(settings.formatted(Options.UTILIZATION_FORECAST_WEIGHT));
            case MEASURED -> {}
        }
        for (org.overbookd.config.Option<?> guard : List.of(
                Options.GUARD_MIN_RUN_TIME,
                Options.GUARD_MAX_SUSPENDS_PER_DAY,
                Options.GUARD_MAX_ACTIONS_PER_CYCLE,
                Options.GUARD_MAX_ACTIONS_PER_HOST_HOUR)) {
            if (!settings.formatted(guard).equals(Settings.defaults().formatted(guard))) {
                label.append(", ")
                        .append(guard.key().substring("overbooking.guard.".length()))
                        .append(' ')
                        .append(settings.formatted(guard));
            }
        }
        return label.toString();
    }

    private double percent(long points, SimResult r) {
        return r.steps() == 0 ? 0 : 100.0 * points / ((double) r.steps() * hosts);
    }

    // sums in seed order: the same bytes whatever thread ran which seed
    private double mean(ToDoubleFunction<SimResult> metric) {
        double sum = 0;
        for (SimResult r : results) {
            sum += metric.applyAsDouble(r);
        }
        return sum / results.size();
    }

    private double min(ToDoubleFunction<SimResult> metric) {
        double m = Double.POSITIVE_INFINITY;
        for (SimResult r : results) {
            m = Math.min(m, metric.applyAsDouble(r));
        }
        return m;
    }

    private double max(ToDoubleFunction<SimResult> metric) {
        double m = Double.NEGATIVE_INFINITY;
        for (SimResult r : results) {
            m = Math.max(m, metric.applyAsDouble(r));
        }
        return m;
    }

    /** 1.0 -> "1", 0.25 -> "0.25": a number as a person typed it. */
    public static String plain(double v) {
        return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s (position %d)", label(), position);
    }
}
