package org.overbookd.backend.simulated.load;

import java.util.SplittableRandom;

/** Business: N(mu(t), sd) around the business-hours curve, clipped to [0, 100]. The paper uses sd = 5. */
public record BusinessLoad(BusinessCurve curve, double sd) implements LoadGenerator {
    @Override
    public double next(long timeOfWeek, SplittableRandom random) {
        return LoadGenerator.normal(random, curve.mu(timeOfWeek), sd);
    }
}
