package org.overbookd.backend.simulated.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Noisy pattern (Verboven et al. section 4.1): every draw from N(mu, 15), clipped to [0, 100].
 * Tolerances are five standard errors, so a correct generator fails a check with probability
 * below 1e-6; the seeds are fixed, so the outcome is reproducible.
 */
class NoisyLoadTest {

    private static final int N = 200_000;

    @Test
    void meanAndSdMatchNormalAwayFromTheClipEdges() {
        var random = new SplittableRandom(0x4E015901L);
        var load = new NoisyLoad(50, 15);
        var sample = new Stats.Sample();
        int withinOneSd = 0;
        for (int i = 0; i < N; i++) {
            double x = load.next(0, random);
            sample.add(x);
            if (Math.abs(x - 50) < 15) {
                withinOneSd++;
            }
        }
        // mu = 50 is 3.3 sd from both edges: clipping is symmetric (mean unchanged) and shrinks the
        // sd to 14.99, far inside the tolerances below.
        // se(mean) = sd / sqrt(n) = 0.034; 5 se = 0.17
        assertEquals(50, sample.mean(), 5 * 15 / Math.sqrt(N), "mean of N(50, 15) draws");
        // se(sd) of a normal sample = sd / sqrt(2n) = 0.024; 5 se = 0.12
        assertEquals(15, sample.sd(), 5 * 15 / Math.sqrt(2.0 * N), "sd of N(50, 15) draws");
        // shape, not just moments: Pr[|X - mu| < sd] = 1 - 2 Pr[Z > 1] = 0.6827; 5 se of a proportion
        double p = 1 - 2 * Stats.upperTail(1);
        assertEquals(p, (double) withinOneSd / N, Stats.fiveSeProportion(p, N), "fraction within one sd");
    }

    @Test
    void clipsAtTheTopEdgeNearMu95() {
        var random = new SplittableRandom(0x4E015902L);
        var load = new NoisyLoad(95, 15);
        var sample = new Stats.Sample();
        int atTop = 0;
        for (int i = 0; i < N; i++) {
            double x = load.next(0, random);
            assertTrue(x <= 100, () -> "draw above 100: " + x);
            assertTrue(x >= 0, () -> "draw below 0: " + x);
            sample.add(x);
            if (x == 100) {
                atTop++;
            }
        }
        // Every draw above 100 becomes exactly 100: Pr = Pr[Z > 5/15] = 0.3694
        double pTop = Stats.upperTail(5.0 / 15);
        assertEquals(pTop, (double) atTop / N, Stats.fiveSeProportion(pTop, N), "mass clipped to 100");
        // E[min(95 + 15 Z, 100)] = 95 + 15 (b (1 - Phi(b)) - phi(b)) with b = 1/3, i.e. 91.19; computed by
        // integration. se(mean) = sd_clipped / sqrt(n) with sd_clipped = 10.4: 5 se = 0.12.
        double expected = Stats.clippedMean(95, 15);
        double tolerance = 5 * Stats.clippedSd(95, 15) / Math.sqrt(N);
        assertTrue(sample.mean() < 95, "clipping at 100 must pull the mean below mu = 95, got " + sample.mean());
        assertTrue(
                sample.mean() > expected - tolerance,
                "mean " + sample.mean() + " below the clipped-normal mean " + expected + " minus " + tolerance);
        assertEquals(expected, sample.mean(), tolerance, "mean of N(95, 15) clipped to [0, 100]");
    }

    @Test
    void valuesNeverLeaveZeroToHundred() {
        var random = new SplittableRandom(0x4E015903L);
        // A huge sd puts ~40% of the mass beyond each edge; mu at and beyond the edges too.
        double[][] params = {{50, 200}, {0, 15}, {100, 15}, {-30, 15}, {130, 15}};
        for (double[] mp : params) {
            var load = new NoisyLoad(mp[0], mp[1]);
            int atZero = 0;
            int atHundred = 0;
            for (int i = 0; i < 20_000; i++) {
                double x = load.next(i * 300L, random);
                assertTrue(x >= 0 && x <= 100, () -> "N(" + mp[0] + ", " + mp[1] + ") gave " + x);
                if (x == 0) {
                    atZero++;
                }
                if (x == 100) {
                    atHundred++;
                }
            }
            // Each edge that lies within 2 sd of mu has Pr[clipped] >= Pr[Z > 2] = 0.023, i.e. >= 450 of
            // 20 000 draws expected; seeing none would mean the edge value is never produced.
            if (mp[0] + 2 * mp[1] >= 100) {
                assertTrue(atHundred > 0, "N(" + mp[0] + ", " + mp[1] + ") never clipped to 100");
            }
            if (mp[0] - 2 * mp[1] <= 0) {
                assertTrue(atZero > 0, "N(" + mp[0] + ", " + mp[1] + ") never clipped to 0");
            }
        }
    }
}
