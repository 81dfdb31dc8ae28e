package org.overbookd.sweep;

import java.util.Locale;

/**
 * How much interference {@code tune} may accept, in percent of host x step points (the README's
 * degradation_100 and degradation_95 over the points measured), for the worst seed of a configuration.
 *
 * @param maxDegradation100 the most host-steps above 100%, percent
 * @param maxDegradation95  the most host-steps above 95%, percent; NaN for no limit
 */
public record Budget(double maxDegradation100, double maxDegradation95) {

    public Budget {
        if (!(maxDegradation100 >= 0 && maxDegradation100 <= 100)) {
            throw new IllegalArgumentException("the degradation budget must be 0 to 100 percent");
        }
        if (!Double.isNaN(maxDegradation95) && !(maxDegradation95 >= 0 && maxDegradation95 <= 100)) {
            throw new IllegalArgumentException("the 95% degradation budget must be 0 to 100 percent");
        }
    }

    /** Whether every seed of the configuration kept within the budget. */
    public boolean admits(TunedConfig c) {
        return c.degradation100Max() <= maxDegradation100
                && (Double.isNaN(maxDegradation95) || c.degradation95Max() <= maxDegradation95);
    }

    /** "degradation_100 <= 1% of host-steps (and degradation_95 <= 5%), worst seed". */
    public String describe() {
        return String.format(Locale.ROOT, "degradation_100 <= %s%% of host-steps%s, for the worst seed",
                TunedConfig.plain(maxDegradation100), Double.isNaN(maxDegradation95) ? ""
                        : String.format(Locale.ROOT, " and degradation_95 <= %s%%", TunedConfig.plain(maxDegradation95)));
    }
}
