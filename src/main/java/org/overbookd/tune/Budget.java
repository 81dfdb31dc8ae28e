package org.overbookd.tune;

import java.util.Locale;

/**
 * How much interference {@code tune} may accept, in percent of host x step points (docs/simulator.md's
 * degradation_100 and degradation_95 over the points measured), and how much churn, in low-QoS
 * suspensions per day of the replay, for the worst seed of a configuration.
 *
 * @param maxDegradation100 the most host-steps above 100%, percent
 * @param maxDegradation95  the most host-steps above 95%, percent; NaN for no limit
 * @param maxSuspendsPerDay the most suspensions per day, over the whole replayed cluster (the unit of
 *                          {@code audit --summary}'s "suspensions per day"); NaN for no limit
 */
public record Budget(double maxDegradation100, double maxDegradation95, double maxSuspendsPerDay) {

    public Budget {
        if (!(maxDegradation100 >= 0 && maxDegradation100 <= 100)) {
            throw new IllegalArgumentException("the degradation budget must be 0 to 100 percent");
        }
        if (!Double.isNaN(maxDegradation95) && !(maxDegradation95 >= 0 && maxDegradation95 <= 100)) {
            throw new IllegalArgumentException("the 95% degradation budget must be 0 to 100 percent");
        }
        if (!Double.isNaN(maxSuspendsPerDay)
                && !(maxSuspendsPerDay >= 0 && maxSuspendsPerDay < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(
                    "the suspension budget must be a number of suspensions per day, 0 or more");
        }
    }

    /** A budget of degradation alone. */
    public Budget(double maxDegradation100, double maxDegradation95) {
        this(maxDegradation100, maxDegradation95, Double.NaN);
    }

    /** Whether every seed of the configuration kept within the budget. */
    public boolean admits(TunedConfig c) {
        return c.degradation100Max() <= maxDegradation100
                && (Double.isNaN(maxDegradation95) || c.degradation95Max() <= maxDegradation95)
                && (Double.isNaN(maxSuspendsPerDay) || c.suspendsPerDayMax() <= maxSuspendsPerDay);
    }

    /**
     * A configuration's worst-seed figures beside each limit of the budget: "degradation_100 0.431% of
     * host-steps for the worst seed (budget 0.5%), degradation_95 2.107% (budget 3%), 96.0 suspensions
     * a day (budget 200)".
     */
    public String against(TunedConfig c) {
        return String.format(
                Locale.ROOT,
                "degradation_100 %.3f%% of host-steps for the worst seed (budget %s%%)%s%s",
                c.degradation100Max(),
                TunedConfig.plain(maxDegradation100),
                Double.isNaN(maxDegradation95)
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                ", degradation_95 %.3f%% (budget %s%%)",
                                c.degradation95Max(),
                                TunedConfig.plain(maxDegradation95)),
                Double.isNaN(maxSuspendsPerDay)
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                ", %.1f suspensions a day (budget %s)",
                                c.suspendsPerDayMax(),
                                TunedConfig.plain(maxSuspendsPerDay)));
    }

    /** "degradation_100 <= 1% of host-steps (and degradation_95 <= 5%, and 200 suspensions a day), worst seed". */
    public String describe() {
        return String.format(
                Locale.ROOT,
                "degradation_100 <= %s%% of host-steps%s%s, for the worst seed",
                TunedConfig.plain(maxDegradation100),
                Double.isNaN(maxDegradation95)
                        ? ""
                        : String.format(
                                Locale.ROOT, " and degradation_95 <= %s%%", TunedConfig.plain(maxDegradation95)),
                Double.isNaN(maxSuspendsPerDay)
                        ? ""
                        : " and at most " + TunedConfig.plain(maxSuspendsPerDay) + " suspensions a day");
    }
}
