package org.overbookd.backend.simulated.load;

import java.util.SplittableRandom;
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
        if (spike != 0) {
            if (random.nextDouble() >= spikes.continueProbability()) {
                spike = 0;
            }
        } else if (random.nextDouble() < spikes.startProbability()) {
            spike = random.nextDouble() < spikes.positiveProbability() ? 1 : -1;
        }
        return LoadGenerator.clip(Draws.normal(random, mu, sd) + spike * spikes.height());
    }

    /** True while a spike is in progress (for tests and plots). */
    public boolean inSpike() {
        return spike != 0;
    }

    public double mu() {
        return mu;
    }
}
