package org.overbookd.backend.simulated;

import java.util.SplittableRandom;
import org.overbookd.random.Draws;

/**
 * Runtimes of Verboven et al. equation 1: X is a whole number k >= 1 of units (30 minutes in the
 * paper) with Pr[X = k] = p (1 - p)^(k - 1), so the mean is one unit over p.
 */
public record GeometricRuntime(long unitSeconds, double p) {

    public GeometricRuntime {
        if (unitSeconds <= 0) {
            throw new IllegalArgumentException("unitSeconds must be positive");
        }
        if (!(p > 0 && p <= 1)) {
            throw new IllegalArgumentException("p must be in (0, 1], got " + p);
        }
    }

    public long sampleSeconds(SplittableRandom random) {
        if (p == 1) {
            return unitSeconds;
        }
        // k = 1 + failures before the first success
        double k = 1 + Draws.geometric(random, p);
        // saturate rather than overflow: for a tiny p the draw can exceed any simulated horizon
        double cap = (double) (Long.MAX_VALUE / unitSeconds);
        return (long) Math.min(k, cap) * unitSeconds;
    }

    public double meanSeconds() {
        return unitSeconds / p;
    }
}
