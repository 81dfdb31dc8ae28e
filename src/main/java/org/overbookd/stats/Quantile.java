package org.overbookd.stats;

/**
 * How a quantile q (0 to 1) is read from a sample's values in ascending order, x(1) to x(n). The
 * two definitions differ on small samples (the median of 1, 2, 3, 4 is 2 by rank, 2.5 by type 7),
 * so a result file says which one its columns use.
 */
public enum Quantile {

    /** The smallest value with at least q of the values at or below it: x(ceil(q n)), x(1) for q = 0. */
    NEAREST_RANK {
        @Override
        double ofSorted(double[] sorted, double q) {
            int rank = (int) Math.ceil(q * sorted.length);
            return sorted[Math.max(0, rank - 1)];
        }
    },

    /**
     * Linear interpolation between order statistics at h = (n - 1) q (Hyndman and Fan's type 7, the
     * default of R and numpy), so that a reader can recompute it from the raw values: the median of
     * an even count is the mean of the two middle values.
     */
    LINEAR_TYPE7 {
        @Override
        double ofSorted(double[] sorted, double q) {
            double h = (sorted.length - 1) * q;
            int lo = (int) Math.floor(h);
            int hi = Math.min(lo + 1, sorted.length - 1);
            return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
        }
    };

    /** The q-quantile of a non-empty sample in ascending order. */
    abstract double ofSorted(double[] sorted, double q);
}
