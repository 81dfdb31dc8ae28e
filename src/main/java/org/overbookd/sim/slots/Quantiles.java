package org.overbookd.sim.slots;

import java.util.Arrays;

/**
 * Quantiles of a sample by linear interpolation between order statistics (Hyndman and Fan's type 7,
 * the default of R and numpy), so that a reader can recompute our medians from the raw values: the
 * median of an even count is the mean of the two middle values. NaN for an empty sample.
 */
final class Quantiles {

    private final double[] sorted;

    Quantiles(double[] values) {
        sorted = values.clone();
        Arrays.sort(sorted);
    }

    int count() {
        return sorted.length;
    }

    double at(double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double h = (sorted.length - 1) * q;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }

    double mean() {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double sum = 0;
        for (double v : sorted) {
            sum += v;
        }
        return sum / sorted.length;
    }

    double max() {
        return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1];
    }
}
