package org.overbookd.sim.load;

import java.util.SplittableRandom;

/** Business: N(mu(t), sd) around the business-hours curve, clipped to [0, 100]. The paper uses sd = 5. */
public record BusinessLoad(BusinessCurve curve, double sd) implements LoadGenerator {
    @Override
    public double next(long timeOfWeek, SplittableRandom random) {
        return LoadGenerator.clip(curve.mu(timeOfWeek) + sd * random.nextGaussian());
    }
}
