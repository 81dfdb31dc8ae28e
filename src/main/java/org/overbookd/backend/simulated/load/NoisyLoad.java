package org.overbookd.backend.simulated.load;

import java.util.SplittableRandom;

/** Noisy: every draw from N(mu, sd), clipped to [0, 100]. The paper uses sd = 15. */
public record NoisyLoad(double mu, double sd) implements LoadGenerator {
    @Override
    public double next(long timeOfWeek, SplittableRandom random) {
        return LoadGenerator.normal(random, mu, sd);
    }
}
