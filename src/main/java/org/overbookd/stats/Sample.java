package org.overbookd.stats;

import java.util.Arrays;

/**
 * A sample of numbers, sorted once, and its statistics. Every statistic takes what it is for an
 * empty sample ({@code ifEmpty}): the request model writes 0 for a class without requests, the
 * slot model NaN (an empty field) for a median of no task, and that choice belongs to the caller.
 *
 * <p>Two means are in use, and they may differ in the last bit, which a fixed-decimal column can
 * show: {@link #mean} sums the values in the order given with compensated summation (what
 * {@code DoubleStream.sum} does); {@link #meanAscending} adds them plainly from the smallest up.
 */
public final class Sample {

    private final double[] values;
    private final double[] sorted;

    private Sample(double[] values) {
        this.values = values;
        this.sorted = values.clone();
        Arrays.sort(sorted);
    }

    /** A sample of a copy of the values. */
    public static Sample of(double... values) {
        return new Sample(values.clone());
    }

    public int count() {
        return values.length;
    }

    /** The mean by compensated summation in the order the values were given (the request model's). */
    public double mean(double ifEmpty) {
        return values.length == 0 ? ifEmpty : Arrays.stream(values).sum() / values.length;
    }

    /** The mean by a plain sum from the smallest value up (the slot model's). */
    public double meanAscending(double ifEmpty) {
        if (sorted.length == 0) {
            return ifEmpty;
        }
        double sum = 0;
        for (double v : sorted) {
            sum += v;
        }
        return sum / sorted.length;
    }

    /** The q-quantile (0 to 1) by the definition given. */
    public double quantile(Quantile definition, double q, double ifEmpty) {
        return sorted.length == 0 ? ifEmpty : definition.ofSorted(sorted, q);
    }

    /** The smallest value, NaN if any value is NaN (as {@link Math#min}). */
    public double min(double ifEmpty) {
        return values.length == 0 ? ifEmpty : Arrays.stream(values).min().getAsDouble();
    }

    /** The largest value, NaN if any value is NaN (as {@link Math#max}). */
    public double max(double ifEmpty) {
        return values.length == 0 ? ifEmpty : Arrays.stream(values).max().getAsDouble();
    }

    /**
     * Gini coefficient: sum_i (2i - n - 1) x_(i) / (n sum x) over the sorted values, i from 1; 0 for
     * equal values, (n - 1) / n when one value holds everything. {@code ifUndefined} when there are
     * no values or their sum (compensated, in the order given) is 0 or less.
     */
    public double gini(double ifUndefined) {
        int n = values.length;
        double sum = Arrays.stream(values).sum();
        if (n == 0 || sum <= 0) {
            return ifUndefined;
        }
        double acc = 0;
        for (int i = 0; i < n; i++) {
            acc += (2.0 * (i + 1) - n - 1) * sorted[i];
        }
        return acc / (n * sum);
    }
}
