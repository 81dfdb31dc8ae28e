package org.overbookd.backend.simulated.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Business pattern (Verboven et al. section 4.1): draws from N(mu(t), 5) around the business curve
 * with min 50, max 90, clipped to [0, 100]. Tolerances are five standard errors.
 */
class BusinessLoadTest {

    private static final long HOUR = 3600;
    private static final long DAY = 24 * HOUR;
    private static final int N = 100_000;

    private final BusinessCurve curve = new BusinessCurve(50, 90, 0.25);
    private final BusinessLoad load = new BusinessLoad(curve, 5);

    @Test
    void meanFollowsTheCurveAtEachHour() {
        var random = new SplittableRandom(0xB0510001L);
        // Wednesday night, rise, lunch bottom, decline, plateau, and Saturday noon
        long[] times = {
            2 * DAY + 3 * HOUR,
            2 * DAY + 9 * HOUR,
            2 * DAY + 12 * HOUR + 1800,
            2 * DAY + 17 * HOUR + 900,
            2 * DAY + 15 * HOUR,
            5 * DAY + 12 * HOUR
        };
        for (long t : times) {
            double mu = curve.mu(t);
            var sample = new Stats.Sample();
            for (int i = 0; i < N; i++) {
                sample.add(load.next(t, random));
            }
            // Expected: the mean of N(mu, 5) clipped to [0, 100]. That equals mu to within 1e-4 for
            // mu <= 80 and is 0.04 below mu at the plateau (mu = 90, edge 2 sd away).
            // se = sd_clipped / sqrt(n) <= 5 / 316 = 0.016; 5 se = 0.079
            double expected = Stats.clippedMean(mu, 5);
            assertEquals(
                    expected,
                    sample.mean(),
                    5 * Stats.clippedSd(mu, 5) / Math.sqrt(N),
                    "mean at t = " + t + " (curve mu " + mu + ")");
        }
    }

    @Test
    void sdIsFiveAroundTheCurve() {
        var random = new SplittableRandom(0xB0510002L);
        // 09:30 on Tuesday, in the middle of the rise: mu = 50 + 40 * (1 - cos(3pi/4)) / 2 = 84.1, 3.2 sd
        // below the top edge, so clipping shrinks the sd by < 0.01
        long t = DAY + 9 * HOUR + 1800;
        var sample = new Stats.Sample();
        for (int i = 0; i < N; i++) {
            sample.add(load.next(t, random));
        }
        // se(sd) = sd / sqrt(2n) = 0.011; 5 se = 0.056
        assertEquals(5, sample.sd(), 5 * 5 / Math.sqrt(2.0 * N), "sd of business draws");
        assertEquals(curve.mu(t), sample.mean(), 5 * 5 / Math.sqrt(N), "mean of business draws");
    }

    @Test
    void clipsAtHundredOnThePlateau() {
        var random = new SplittableRandom(0xB0510003L);
        long t = 4 * DAY + 14 * HOUR; // Friday 14:00, mu = 90
        int atTop = 0;
        for (int i = 0; i < N; i++) {
            double x = load.next(t, random);
            assertTrue(x >= 0 && x <= 100, "draw outside [0, 100]: " + x);
            if (x == 100) {
                atTop++;
            }
        }
        // Pr[90 + 5 Z > 100] = Pr[Z > 2] = 0.0228; 5 se = 0.0024
        double p = Stats.upperTail(2);
        assertEquals(p, (double) atTop / N, Stats.fiveSeProportion(p, N), "mass clipped to 100 at mu = 90");
    }
}
