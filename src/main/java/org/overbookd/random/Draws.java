package org.overbookd.random;

import java.util.SplittableRandom;

/**
 * Random variates drawn from a seeded stream, each written once. Logarithms go through
 * {@link StrictMath}: {@code Math.log} may differ from it in the last bit, and does on some JVMs and
 * CPUs (on OpenJDK 17 on x86-64, for about 7% of arguments), which would break the promise that the
 * same seed gives the same bytes everywhere. {@link #normal} uses the JDK's own {@code nextGaussian}
 * (its ziggurat).
 *
 * <p>Not every draw goes through here yet: the slot model's built-in scenarios and the generated
 * Google-cell month still call {@code Math.log} and {@code Math.exp} (issue 18). Moving them here
 * changes the bits of their generated tasks, so it waits for a session that re-runs their papers'
 * tables.
 */
public final class Draws {

    private Draws() {
    }

    /** Exponential with the given rate (mean 1 / rate), by inversion: -ln(U) / rate, U uniform on (0, 1]. */
    public static double exponential(SplittableRandom random, double rate) {
        return -StrictMath.log(1.0 - random.nextDouble()) / rate;
    }

    /**
     * Geometric: the number of failures before the first success of trials that succeed with
     * probability p (mean (1 - p) / p), by inversion: floor(ln(U) / ln(1 - p)), U uniform on (0, 1].
     * A double, because for a tiny p the draw can exceed any long.
     */
    public static double geometric(SplittableRandom random, double p) {
        return Math.floor(StrictMath.log(1.0 - random.nextDouble()) / StrictMath.log1p(-p));
    }

    /** Normal with the given mean and standard deviation: {@code mean + sd * random.nextGaussian()}. */
    public static double normal(SplittableRandom random, double mean, double sd) {
        return mean + sd * random.nextGaussian();
    }
}
