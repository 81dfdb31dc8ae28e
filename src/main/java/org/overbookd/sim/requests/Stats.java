package org.overbookd.sim.requests;

import java.util.Arrays;

/** Small statistics over availabilities and deficits. */
public final class Stats {

    private Stats() {
    }

    public static double mean(double[] v) {
        return v.length == 0 ? 0 : Arrays.stream(v).sum() / v.length;
    }

    /** Nearest-rank percentile (the smallest value with at least q of the values at or below it). */
    public static double percentile(double[] v, double q) {
        if (v.length == 0) {
            return 0;
        }
        double[] s = v.clone();
        Arrays.sort(s);
        int rank = (int) Math.ceil(q * s.length);
        return s[Math.max(0, rank - 1)];
    }

    /**
     * Gini coefficient: sum_i (2i - n - 1) x_(i) / (n sum x) over the sorted values, i from 1;
     * 0 for equal values, (n - 1) / n when one value holds everything. Zero for no values or sum 0.
     */
    public static double gini(double[] v) {
        int n = v.length;
        double sum = Arrays.stream(v).sum();
        if (n == 0 || sum <= 0) {
            return 0;
        }
        double[] s = v.clone();
        Arrays.sort(s);
        double acc = 0;
        for (int i = 0; i < n; i++) {
            acc += (2.0 * (i + 1) - n - 1) * s[i];
        }
        return acc / (n * sum);
    }
}
