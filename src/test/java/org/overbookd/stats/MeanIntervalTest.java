package org.overbookd.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MeanIntervalTest {

    /** The published table of t (two-sided 95%, e.g. NIST/SEMATECH's e-Handbook 1.3.6.7.2), to its 3 decimals. */
    @Test
    void quantilesAreThePublishedOnes() {
        int[] df = {1, 2, 3, 4, 5, 9, 10, 29, 30, 100};
        double[] t = {12.706, 4.303, 3.182, 2.776, 2.571, 2.262, 2.228, 2.045, 2.042, 1.984};
        for (int i = 0; i < df.length; i++) {
            assertEquals(t[i], StudentT.twoSidedQuantile(0.95, df[i]), 0.0005, "df " + df[i]);
        }
        // the 99% column, and the normal limit
        assertEquals(63.657, StudentT.twoSidedQuantile(0.99, 1), 0.0005);
        assertEquals(3.250, StudentT.twoSidedQuantile(0.99, 9), 0.0005);
        assertEquals(1.95996, StudentT.twoSidedQuantile(0.95, 1_000_000), 0.00001);
    }

    @Test
    void theProbabilityIsTheDistributionsAtKnownPoints() {
        // df 1 is the Cauchy distribution: P(|T| <= 1) = 1/2; df 2: P(|T| <= t) = t / sqrt(2 + t^2)
        assertEquals(0.5, StudentT.twoSidedProbability(1, 1), 1e-15);
        assertEquals(3 / Math.sqrt(11), StudentT.twoSidedProbability(3, 2), 1e-15);
        assertEquals(0, StudentT.twoSidedProbability(0, 7));
        assertEquals(1, StudentT.twoSidedProbability(Double.POSITIVE_INFINITY, 7));
        assertThrows(IllegalArgumentException.class, () -> StudentT.twoSidedProbability(1, 0));
        assertThrows(IllegalArgumentException.class, () -> StudentT.twoSidedQuantile(1, 3));
    }

    @Test
    void theIntervalIsMeanPlusOrMinusTTimesTheStandardError() {
        MeanInterval i = MeanInterval.of95(1, 2, 3, 4);
        // mean 2.5, s = sqrt(5/3), t(0.95, 3) = 3.182446
        assertEquals(2.5, i.mean(), 1e-15);
        assertEquals(3.182446 * Math.sqrt(5.0 / 3) / 2, i.halfWidth(), 1e-6);
        assertEquals(i.mean() - i.halfWidth(), i.low());
        assertEquals(4, i.count());
        MeanInterval one = MeanInterval.of95(7);
        assertEquals(7, one.mean());
        assertTrue(Double.isNaN(one.halfWidth()) && Double.isNaN(one.low()), "one run has no interval");
        assertEquals(0, MeanInterval.of95(5, 5, 5).halfWidth(), "equal runs: no spread");
    }

    /**
     * Over many samples of 3 and of 10 normal values, the 95% interval holds the true mean about 95% of the
     * time (seeded; 4,000 samples give a standard error of 0.34 points, so 93.5-96.5% is over 4 of them).
     */
    @Test
    void itCoversTheTrueMeanNinetyFivePercentOfTheTime() {
        SplittableRandom random = new SplittableRandom(35);
        for (int n : new int[] {3, 10}) {
            int covered = 0;
            int samples = 4000;
            for (int s = 0; s < samples; s++) {
                double[] v = new double[n];
                for (int k = 0; k < n; k++) {
                    v[k] = 10 + 2 * gaussian(random);
                }
                MeanInterval i = MeanInterval.of95(v);
                if (i.low() <= 10 && 10 <= i.high()) {
                    covered++;
                }
            }
            double share = (double) covered / samples;
            assertTrue(share > 0.935 && share < 0.965, n + " values: " + share);
        }
    }

    private static double gaussian(SplittableRandom r) {
        // Box-Muller, so that the test depends on nothing but the seed
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }
}
