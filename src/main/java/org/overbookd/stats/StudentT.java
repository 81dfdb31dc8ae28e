package org.overbookd.stats;

/**
 * Student's t distribution with an integer number of degrees of freedom: the two-sided quantile a
 * confidence interval over a few seeds needs. The probability P(|T| <= t) is the finite sum of
 * Abramowitz and Stegun 26.7.3 (odd degrees) and 26.7.4 (even degrees), exact for every integer
 * degree, on {@link StrictMath}, so a quantile is the same double on every JVM and CPU; the quantile
 * is found by bisection to the last bit.
 */
public final class StudentT {

    private StudentT() {}

    /**
     * P(|T| <= t) for T of Student's t with {@code df} degrees of freedom.
     *
     * @throws IllegalArgumentException for df below 1 or t below 0 or NaN
     */
    public static double twoSidedProbability(double t, int df) {
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom must be at least 1, not " + df);
        }
        if (!(t >= 0)) {
            throw new IllegalArgumentException("t must be at least 0, not " + t);
        }
        if (t == Double.POSITIVE_INFINITY) {
            return 1;
        }
        double theta = StrictMath.atan(t / StrictMath.sqrt(df));
        double sin = StrictMath.sin(theta);
        double cos = StrictMath.cos(theta);
        double cos2 = cos * cos;
        if (df % 2 == 0) {
            // sin(theta) [1 + (1/2) cos^2 + (1 3)/(2 4) cos^4 + ... + (1 3 ... (df-3))/(2 4 ... (df-2)) cos^(df-2)]
            double term = 1;
            double sum = 1;
            for (int k = 2; k <= df - 2; k += 2) {
                term *= cos2 * (k - 1) / k;
                sum += term;
            }
            return sin * sum;
        }
        if (df == 1) {
            return 2 * theta / Math.PI;
        }
        // (2/pi) (theta + sin cos [1 + (2/3) cos^2 + (2 4)/(3 5) cos^4 + ... + (2 4 ... (df-3))/(3 5 ... (df-2))
        // cos^(df-3)])
        double term = 1;
        double sum = 1;
        for (int k = 2; k <= df - 3; k += 2) {
            term *= cos2 * k / (k + 1);
            sum += term;
        }
        return 2 / Math.PI * (theta + sin * cos * sum);
    }

    /**
     * The t with P(|T| <= t) = {@code confidence}: 12.706 for 0.95 and 1 degree of freedom, 2.262 for
     * 9, 1.960 in the limit.
     *
     * @throws IllegalArgumentException for a confidence outside (0, 1) or df below 1
     */
    public static double twoSidedQuantile(double confidence, int df) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("a confidence is strictly between 0 and 1, not " + confidence);
        }
        double low = 0;
        double high = 1;
        while (twoSidedProbability(high, df) < confidence) {
            low = high;
            high *= 2;
        }
        // bisection until the interval holds no double between its ends
        while (true) {
            double mid = low + (high - low) / 2;
            if (mid <= low || mid >= high) {
                return high;
            }
            if (twoSidedProbability(mid, df) < confidence) {
                low = mid;
            } else {
                high = mid;
            }
        }
    }
}
