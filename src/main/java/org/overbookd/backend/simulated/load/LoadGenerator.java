package org.overbookd.backend.simulated.load;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.overbookd.random.Draws;

/**
 * A VM's CPU load pattern (Verboven et al. section 4.1). Each call is one "drawing" of the pattern;
 * values are in percent of one core, clipped to [0, 100]. Generators may keep state between draws
 * (a spike in progress), so each VM owns its own instance and its own random stream.
 *
 * <p>The simulator draws the three synthetic patterns without their objects, from its flat arrays
 * of parameters and stream states; both ways go through the static draws of the pattern classes
 * ({@link #normal}, {@link SpikyLoad#nextSpike}, {@link SpikyLoad#draw}), so they give the same bits.
 */
public interface LoadGenerator {

    /**
     * @param timeOfWeek seconds since Monday 00:00 of the simulated week (only the business pattern uses it)
     * @param random     the VM's own stream
     */
    double next(long timeOfWeek, SplittableRandom random);

    /**
     * {@code percent} clipped to [0, 100]: the same double as {@code percent < 0 ? 0 : Math.min(percent,
     * 100)} for every argument (NaN stays NaN, -0.0 stays -0.0), by two comparisons that the JIT
     * turns into predictable branches; {@code Math.min} of doubles must order -0.0 before 0.0 and
     * pass NaN on, and its compiled form cost a few nanoseconds on every one of the simulator's draws.
     */
    static double clip(double percent) {
        return percent < 0 ? 0 : percent > 100 ? 100 : percent;
    }

    /** One draw of N(mu, sd), clipped to [0, 100]: the noisy pattern, and the business one at its mu(t). */
    static double normal(RandomGenerator random, double mu, double sd) {
        return clip(Draws.normal(random, mu, sd));
    }

    /** {@link #normal(RandomGenerator, double, double)} from a standard normal draw already made. */
    static double normal(double mu, double sd, double standard) {
        return clip(Draws.normal(mu, sd, standard));
    }
}
