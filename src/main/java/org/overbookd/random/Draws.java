package org.overbookd.random;

import java.util.SplittableRandom;

/**
 * Random variates drawn from a seeded stream, each written once. The exponential uses
 * {@link StrictMath}: {@code Math.log} may differ from it in the last bit, and does on some JVMs and
 * CPUs (on OpenJDK 17 on x86-64, for about 7% of arguments), which would break the promise that the
 * same seed gives the same bytes everywhere. The normal is the JDK's own {@code nextGaussian}
 * (its ziggurat), scaled here; no {@code Math} call of ours is involved.
 *
 * <p>Not every draw of the simulators goes through here yet: the slot model's built-in scenarios,
 * the generated Google-cell month and the Verboven runtimes still call {@code Math.log} (issue 18);
 * moving them here changes their output, so it waits for their paper tables to be re-run.
 */
public final class Draws {

    private Draws() {
    }

    /** Exponential with the given rate (mean 1 / rate), by inversion: -ln(U) / rate, U uniform on (0, 1]. */
    public static double exponential(SplittableRandom random, double rate) {
        return -StrictMath.log(1.0 - random.nextDouble()) / rate;
    }

    /** Normal with the given mean and standard deviation: {@code mean + sd * random.nextGaussian()}. */
    public static double normal(SplittableRandom random, double mean, double sd) {
        return mean + sd * random.nextGaussian();
    }
}
