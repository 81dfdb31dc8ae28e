package org.overbookd.backend.simulated.load;

import java.util.function.DoubleUnaryOperator;

/**
 * Test helper: exact moments of a normal draw clipped to [0, 100] (what every load generator returns),
 * computed by numerical integration against the standard normal density, and a running summary of a
 * sample. Used to derive expected values and standard errors analytically instead of copying them
 * from a run.
 */
public final class Stats {

    private static final double LIMIT = 12; // mass of N(0,1) beyond +-12 is below 1e-32
    private static final int STEPS = 48_000; // Simpson step 5e-4: error far below every test tolerance

    private Stats() {}

    /** E[f(Z)] for Z ~ N(0, 1), by composite Simpson on [-12, 12]. */
    public static double expectNormal(DoubleUnaryOperator f) {
        return simpson(z -> f.applyAsDouble(z) * phi(z), -LIMIT, LIMIT);
    }

    /** Pr[Z > b] for Z ~ N(0, 1); the integrand is smooth, so this is accurate to ~1e-12. */
    public static double upperTail(double b) {
        if (b >= LIMIT) {
            return 0;
        }
        if (b <= -LIMIT) {
            return 1;
        }
        return simpson(Stats::phi, b, LIMIT);
    }

    /** Mean of clip(mu + sd Z) to [0, 100]. */
    public static double clippedMean(double mu, double sd) {
        return expectNormal(z -> clip(mu + sd * z));
    }

    /** Standard deviation of clip(mu + sd Z) to [0, 100]. */
    public static double clippedSd(double mu, double sd) {
        double m = clippedMean(mu, sd);
        return Math.sqrt(expectNormal(z -> square(clip(mu + sd * z) - m)));
    }

    /**
     * Asymptotic standard error of the sample standard deviation of n draws of clip(mu + sd Z):
     * Var(s^2) ~ (m4 - sigma^4) / n and, by the delta method, se(s) = se(s^2) / (2 sigma). For an
     * unclipped normal this reduces to sigma / sqrt(2 n).
     */
    public static double clippedSdStandardError(double mu, double sd, long n) {
        double m = clippedMean(mu, sd);
        double var = expectNormal(z -> square(clip(mu + sd * z) - m));
        double m4 = expectNormal(z -> square(square(clip(mu + sd * z) - m)));
        return Math.sqrt((m4 - var * var) / n) / (2 * Math.sqrt(var));
    }

    /** Five standard errors of a proportion p estimated from n trials. */
    public static double fiveSeProportion(double p, long n) {
        return 5 * Math.sqrt(p * (1 - p) / n);
    }

    private static double clip(double x) {
        return x < 0 ? 0 : Math.min(x, 100);
    }

    private static double square(double x) {
        return x * x;
    }

    private static double phi(double z) {
        return Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI);
    }

    private static double simpson(DoubleUnaryOperator f, double a, double b) {
        double h = (b - a) / STEPS;
        double sum = f.applyAsDouble(a) + f.applyAsDouble(b);
        for (int i = 1; i < STEPS; i++) {
            sum += (i % 2 == 1 ? 4 : 2) * f.applyAsDouble(a + i * h);
        }
        return sum * h / 3;
    }

    /** Running mean and standard deviation (Welford). */
    public static final class Sample {
        private long n;
        private double mean;
        private double m2;

        public void add(double x) {
            n++;
            double delta = x - mean;
            mean += delta / n;
            m2 += delta * (x - mean);
        }

        public long n() {
            return n;
        }

        public double mean() {
            return mean;
        }

        public double sd() {
            return Math.sqrt(m2 / (n - 1));
        }
    }
}
