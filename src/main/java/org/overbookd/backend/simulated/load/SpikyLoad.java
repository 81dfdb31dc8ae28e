package org.overbookd.backend.simulated.load;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.overbookd.random.Draws;

/**
 * Spiky: N(mu, sd) with spikes. Outside a spike, each draw starts one with the start probability; a
 * spike in progress lasts one more draw with the continue probability, so spikes last 1 / (1 - c)
 * draws on average (2 for the paper's 50%). Stateful: one instance per VM.
 */
public final class SpikyLoad implements LoadGenerator {

    private final double mu;
    private final double sd;
    private final SpikeModel spikes;
    /** +1 or -1 while a spike is in progress, 0 otherwise. */
    private int spike;

    public SpikyLoad(double mu, double sd, SpikeModel spikes) {
        this.mu = mu;
        this.sd = sd;
        this.spikes = spikes;
    }

    @Override
    public double next(long timeOfWeek, SplittableRandom random) {
        spike = nextSpike(spike, spikes, random);
        return draw(mu, sd, spike, spikes, random);
    }

    /**
     * The spike state after one more draw: +1 or -1 while a spike is in progress, 0 otherwise. Draws
     * one or two doubles from {@code random} ({@link #uniformsUsed}); call {@link #draw} next with the
     * new state.
     */
    public static int nextSpike(int spike, SpikeModel spikes, RandomGenerator random) {
        double u1 = random.nextDouble();
        double u2 = uniformsUsed(spike, spikes, u1) == 2 ? random.nextDouble() : Double.NaN;
        return spikeAfter(spike, spikes, u1, u2);
    }

    /**
     * How many uniforms one step of the spike process takes: one, and a second (the sign) when a
     * spike starts, given the first.
     */
    public static int uniformsUsed(int spike, SpikeModel spikes, double u1) {
        return spike == 0 && u1 < spikes.startProbability() ? 2 : 1;
    }

    /**
     * The spike state after one step, from its uniforms: a spike in progress ends when {@code u1}
     * reaches the continue probability; outside one, {@code u1} below the start probability starts
     * one, upward when {@code u2} is below the positive probability ({@code u2} is read only then).
     */
    public static int spikeAfter(int spike, SpikeModel spikes, double u1, double u2) {
        if (spike != 0) {
            return u1 >= spikes.continueProbability() ? 0 : spike;
        }
        if (u1 < spikes.startProbability()) {
            return u2 < spikes.positiveProbability() ? 1 : -1;
        }
        return 0;
    }

    /** The load of one draw in the spike state {@code spike}, clipped to [0, 100]. */
    public static double draw(double mu, double sd, int spike, SpikeModel spikes, RandomGenerator random) {
        return draw(mu, sd, spike, spikes, Draws.standardNormal(random));
    }

    /** {@link #draw(double, double, int, SpikeModel, RandomGenerator)} from a standard normal draw already made. */
    public static double draw(double mu, double sd, int spike, SpikeModel spikes, double standard) {
        return LoadGenerator.clip(spiked(Draws.normal(mu, sd, standard), spike, spikes));
    }

    /** A draw of N(mu, sd) moved by the spike in progress, before clipping. */
    public static double spiked(double normal, int spike, SpikeModel spikes) {
        return normal + spike * spikes.height();
    }

    /** True while a spike is in progress (for tests and plots). */
    public boolean inSpike() {
        return spike != 0;
    }

    public double mu() {
        return mu;
    }

    public double sd() {
        return sd;
    }

    public SpikeModel spikes() {
        return spikes;
    }
}
