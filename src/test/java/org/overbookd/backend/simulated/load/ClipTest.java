package org.overbookd.backend.simulated.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link LoadGenerator#clip} gives the bits of the Math.min form it replaced, for every kind of double. */
class ClipTest {

    private static double before(double percent) {
        return percent < 0 ? 0 : Math.min(percent, 100);
    }

    @Test
    void sameBitsAsTheMathMinForm() {
        double[] edges = {0.0, -0.0, 100, Math.nextUp(100.0), Math.nextDown(100.0), Double.MIN_VALUE, -Double.MIN_VALUE,
            Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MAX_VALUE, -Double.MAX_VALUE, 50.5, -3};
        for (double d : edges) {
            assertEquals(Double.doubleToRawLongBits(before(d)), Double.doubleToRawLongBits(LoadGenerator.clip(d)), "at " + d);
        }
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 100_000; i++) {
            double d = i % 2 == 0 ? Double.longBitsToDouble(random.nextLong()) : random.nextGaussian() * 80 + 50;
            assertEquals(Double.doubleToRawLongBits(before(d)), Double.doubleToRawLongBits(LoadGenerator.clip(d)), "at " + d);
        }
    }
}
