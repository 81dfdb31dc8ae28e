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

    /** The second of the week the patterns see at simulated second {@code seconds}. */
    static long timeOfWeek(long seconds) {
        return seconds; // simulated time starts on a Monday at 00:00
    }

    /**
     * {@code percent} clipped to [0, 100]: the same double as {@code percent < 0 ? 0 : percent > 100 ?
     * 100 : percent} for every argument (NaN stays the same NaN, -0.0 stays -0.0; ClipTest).
     *
     * <p>Why it is written so: a draw is clipped at 100 at random, about one time in eight for a
     * noisy VM and one in four for a low-QoS one, and a comparison at such odds compiles to a branch
     * the CPU mispredicts at each turn (the JIT keeps a branch taken one time in eight, and has no
     * conditional move of doubles on x86): about a tenth of a load draw's time. The bits of positive
     * doubles order as the doubles do, so for a positive load the smaller of its bits and those of
     * 100 are the clipped load's bits; the smaller is taken without a branch, by the sign of the
     * difference spread to a mask. Zero, negative loads and NaN go the other way, a branch the CPU
     * predicts: a load is hardly ever below 0.
     */
    static double clip(double percent) {
        if (!(percent > 0)) {
            return percent < 0 ? 0 : percent;
        }
        long hundred = 0x4059_0000_0000_0000L; // Double.doubleToRawLongBits(100.0)
        long over = Double.doubleToRawLongBits(percent) - hundred; // no overflow: both are in [0, 2^63)
        return Double.longBitsToDouble(hundred + (over & over >> 63)); // the smaller of the two
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
