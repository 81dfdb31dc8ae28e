package org.overbookd.stats;

/**
 * The mean of a few independent runs (one per seed) and its confidence interval by Student's t over
 * them: mean +- t(confidence, n - 1) x s / sqrt(n), s the sample standard deviation (divisor n - 1).
 * It assumes the runs' values are independent draws of one distribution, as runs on different seeds
 * of one configuration are, and roughly normal, which a mean of many steps is; with 3 seeds the
 * interval is wide (t = 4.30 at 95%), which is what 3 seeds can say.
 *
 * @param count      the runs
 * @param mean       their mean ({@link Sample#mean}: compensated, in the order given)
 * @param halfWidth  t x s / sqrt(n); NaN for one run, whose interval is not defined
 * @param confidence the interval's confidence, such as 0.95
 */
public record MeanInterval(int count, double mean, double halfWidth, double confidence) {

    /** The 95% interval over the values (NaN mean and half-width for none; NaN half-width for one). */
    public static MeanInterval of95(double... values) {
        return of(0.95, values);
    }

    public static MeanInterval of(double confidence, double... values) {
        int n = values.length;
        double mean = Sample.of(values).mean(Double.NaN);
        if (n < 2) {
            return new MeanInterval(n, mean, Double.NaN, confidence);
        }
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        double sd = StrictMath.sqrt(squares / (n - 1));
        return new MeanInterval(
                n, mean, StudentT.twoSidedQuantile(confidence, n - 1) * sd / StrictMath.sqrt(n), confidence);
    }

    /** The interval's lower end; NaN for fewer than two runs. */
    public double low() {
        return mean - halfWidth;
    }

    /** The interval's upper end; NaN for fewer than two runs. */
    public double high() {
        return mean + halfWidth;
    }
}
