package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;
import org.overbookd.backend.simulated.load.BusinessCurve;
import org.overbookd.backend.simulated.load.BusinessLoad;
import org.overbookd.backend.simulated.load.LoadGenerator;
import org.overbookd.backend.simulated.load.NoisyLoad;
import org.overbookd.backend.simulated.load.SpikeModel;
import org.overbookd.backend.simulated.load.SpikyLoad;
import org.overbookd.backend.simulated.load.Stats;

/**
 * The workload of Verboven et al. section 4.1 with the paper's parameters: each high-QoS VM follows
 * one of three patterns at equal odds; noisy and spiky VMs draw their mu from N(75, 15), which
 * the workload clips to [0, 100]; low-QoS VMs are noisy around 90. Tolerances are five standard errors.
 */
class SyntheticWorkloadTest {

    private final BusinessCurve curve = new BusinessCurve(50, 90, 0.25);
    private final SyntheticWorkload workload = new SyntheticWorkload(
            75,
            15,
            15,
            5,
            SpikeModel.PAPER,
            curve,
            5,
            90,
            new GeometricRuntime(1800, 0.001),
            new GeometricRuntime(1800, 0.01));

    @Test
    void highPatternPicksEachPatternWithOneThird() {
        var random = new SplittableRandom(0x3010AD01L);
        int n = 90_000;
        int[] counts = new int[SyntheticWorkload.Pattern.values().length];
        for (int i = 0; i < n; i++) {
            counts[workload.highPattern(random).ordinal()]++;
        }
        // 5 se of a proportion 1/3: 5 sqrt((1/3)(2/3) / n) = 0.0079
        for (SyntheticWorkload.Pattern pattern : SyntheticWorkload.Pattern.values()) {
            assertEquals(
                    1.0 / 3,
                    (double) counts[pattern.ordinal()] / n,
                    Stats.fiveSeProportion(1.0 / 3, n),
                    "frequency of " + pattern);
        }
    }

    @Test
    void noisyMuIsClippedNormal75Sd15() {
        checkDrawnMu(SyntheticWorkload.Pattern.NOISY, g -> ((NoisyLoad) g).mu(), 0x3010AD02L);
    }

    @Test
    void spikyMuIsClippedNormal75Sd15() {
        checkDrawnMu(SyntheticWorkload.Pattern.SPIKY, g -> ((SpikyLoad) g).mu(), 0x3010AD03L);
    }

    /**
     * The workload draws mu = clip(75 + 15 Z) to [0, 100]. The top edge is 5/3 sd above 75, so the clipped
     * distribution has mean 74.70 and sd 14.38 (computed by integration), not 75 and 15, and puts
     * Pr[Z > 5/3] = 4.8% of its mass at exactly 100. With 200 000 draws 5 se(mean) = 0.16 and
     * 5 se(sd) = 0.10 (from the clipped distribution's fourth moment), so the test tells the clipped
     * moments from the unclipped ones.
     */
    private void checkDrawnMu(SyntheticWorkload.Pattern pattern, ToDoubleFunction<LoadGenerator> mu, long seed) {
        var random = new SplittableRandom(seed);
        int n = 200_000;
        var sample = new Stats.Sample();
        int atTop = 0;
        for (int i = 0; i < n; i++) {
            double m = mu.applyAsDouble(workload.highLoad(pattern, random));
            assertTrue(m >= 0 && m <= 100, pattern + " mu outside [0, 100]: " + m);
            sample.add(m);
            if (m == 100) {
                atTop++;
            }
        }
        double expectedMean = Stats.clippedMean(75, 15);
        double expectedSd = Stats.clippedSd(75, 15);
        assertEquals(expectedMean, sample.mean(), 5 * expectedSd / Math.sqrt(n), pattern + " mean of drawn mu");
        assertEquals(expectedSd, sample.sd(), 5 * Stats.clippedSdStandardError(75, 15, n), pattern + " sd of drawn mu");
        double pTop = Stats.upperTail(25.0 / 15);
        assertEquals(pTop, (double) atTop / n, Stats.fiveSeProportion(pTop, n), pattern + " mass of mu clipped to 100");
    }

    @Test
    void generatorsMatchTheirPattern() {
        var random = new SplittableRandom(0x3010AD04L);
        assertInstanceOf(NoisyLoad.class, workload.highLoad(SyntheticWorkload.Pattern.NOISY, random));
        assertInstanceOf(SpikyLoad.class, workload.highLoad(SyntheticWorkload.Pattern.SPIKY, random));
        // business VMs share the configured curve (min 50, max 90) and sd 5; no per-VM mu is drawn
        assertEquals(new BusinessLoad(curve, 5), workload.highLoad(SyntheticWorkload.Pattern.BUSINESS, random));
        // noisy VMs use the noisy sd 15
        assertEquals(15, ((NoisyLoad) workload.highLoad(SyntheticWorkload.Pattern.NOISY, random)).sd());
    }

    @Test
    void lowQosLoadIsNoisyAroundNinety() {
        var random = new SplittableRandom(0x3010AD05L);
        LoadGenerator low = workload.lowLoad();
        int n = 200_000;
        var sample = new Stats.Sample();
        for (int i = 0; i < n; i++) {
            sample.add(low.next(i * 300L, random));
        }
        // N(90, 15) clipped at 100 (2/3 sd above): mean 87.7, sd 11.8 by integration; 5 se(mean) = 0.13
        double expected = Stats.clippedMean(90, 15);
        assertEquals(expected, sample.mean(), 5 * Stats.clippedSd(90, 15) / Math.sqrt(n), "low-QoS mean load");
        assertEquals(
                Stats.clippedSd(90, 15), sample.sd(), 5 * Stats.clippedSdStandardError(90, 15, n), "low-QoS load sd");
    }
}
