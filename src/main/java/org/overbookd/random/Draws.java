package org.overbookd.random;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Random variates drawn from a seeded stream, each written once. Logarithms go through
 * {@link StrictMath}: {@code Math.log} may differ from it in the last bit, and does on some JVMs and
 * CPUs (on OpenJDK 17 on x86-64, for about 7% of arguments), which would break the promise that the
 * same seed gives the same bytes everywhere. Normal draws are {@link Ziggurat}'s, not the JDK's
 * {@code nextGaussian}, whose ziggurat changed in JDK 19.
 *
 * <p>Every variate of a named distribution the models draw (exponential, geometric, normal,
 * log-normal) is drawn here; the same rule holds for the deterministic curves they follow (sines and
 * cosines of the daily load), which use {@link StrictMath} where they are. What is drawn elsewhere,
 * and why it keeps the promise: uniform choices (a class by its share, a tie broken, a Bernoulli
 * trial) take {@code nextDouble} or {@code nextInt} of the same seeded streams inline, which is exact
 * arithmetic on every JVM; and the simulated backend's flat load loops (backend.simulated's
 * LoadDrawer, the fast path of the load draw) take the standard normal from {@link Ziggurat} on a
 * flat stream's state, its common case inline, and scale it by {@link #normal(double, double, double)}.
 */
public final class Draws {

    private Draws() {}

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

    /**
     * Log-normal with the given median: {@code median * exp(sigma * Z)}, Z from {@link Ziggurat}.
     */
    public static double lognormal(SplittableRandom random, double median, double sigma) {
        return median * StrictMath.exp(sigma * Ziggurat.next(random));
    }

    /**
     * Standard normal by Box-Muller (one of the pair): unlike {@link Ziggurat}, which takes a varying
     * number of draws, it always takes two, so the draws after it do not depend on its value.
     */
    public static double boxMuller(SplittableRandom random) {
        double u = 1.0 - random.nextDouble();
        double v = random.nextDouble();
        return StrictMath.sqrt(-2 * StrictMath.log(u)) * StrictMath.cos(2 * StrictMath.PI * v);
    }

    /**
     * Normal with the given mean and standard deviation: {@code mean + sd * Z}, Z from {@link
     * Ziggurat}. Any generator, so that the simulator's flat streams (which draw as a SplittableRandom
     * does) share it.
     */
    public static double normal(RandomGenerator random, double mean, double sd) {
        return normal(mean, sd, standardNormal(random));
    }

    /** Standard normal from {@link Ziggurat}, for a caller that scales it later. */
    public static double standardNormal(RandomGenerator random) {
        return Ziggurat.next(random);
    }

    /** Normal with the given mean and standard deviation from a standard normal draw: {@code mean + sd * standard}. */
    public static double normal(double mean, double sd, double standard) {
        return mean + sd * standard;
    }
}
