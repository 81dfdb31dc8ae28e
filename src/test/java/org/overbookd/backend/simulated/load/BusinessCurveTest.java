package org.overbookd.backend.simulated.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The business curve mu(t) (Verboven et al. section 4.1), t in seconds since Monday 00:00: min at
 * night and at weekends, a rise to max 08:00-10:00, a lunch dip 11:30-13:30, a decline back to min
 * 16:00-18:00, each transition along a sinus. The curve is deterministic, so the checks are exact up
 * to floating-point rounding (1e-9 is ~10^5 ulps of 100).
 */
class BusinessCurveTest {

    private static final long MINUTE = 60;
    private static final long HOUR = 3600;
    private static final long DAY = 24 * HOUR;
    private static final long WEEK = 7 * DAY;
    private static final double EPS = 1e-9;

    private static final double MIN = 50;
    private static final double MAX = 90;
    private static final double DIP = 0.25;
    private static final double SPAN = MAX - MIN;
    private final BusinessCurve curve = new BusinessCurve(MIN, MAX, DIP);

    private static long at(int day, int hour, int minute) {
        return day * DAY + hour * HOUR + minute * MINUTE;
    }

    @Test
    void minBeforeEightAndAfterEighteenOnWeekdays() {
        for (int day = 0; day < 5; day++) {
            for (long s = 0; s <= 8 * HOUR; s += MINUTE) {
                assertEquals(MIN, curve.mu(day * DAY + s), EPS, "day " + day + " second " + s);
            }
            for (long s = 18 * HOUR; s < DAY; s += MINUTE) {
                assertEquals(MIN, curve.mu(day * DAY + s), EPS, "day " + day + " second " + s);
            }
        }
    }

    @Test
    void maxFromTenToHalfPastElevenAndFromHalfPastOneToFour() {
        for (int day = 0; day < 5; day++) {
            for (long t = at(day, 10, 0); t <= at(day, 11, 30); t++) {
                assertEquals(MAX, curve.mu(t), EPS, "morning plateau at " + t);
            }
            for (long t = at(day, 13, 30); t <= at(day, 16, 0); t++) {
                assertEquals(MAX, curve.mu(t), EPS, "afternoon plateau at " + t);
            }
        }
    }

    @Test
    void risesMonotonicallyFromEightToTen() {
        assertEquals(MIN, curve.mu(at(2, 8, 0)), EPS);
        for (long t = at(2, 8, 0); t < at(2, 10, 0); t++) {
            assertTrue(curve.mu(t + 1) > curve.mu(t), "not rising at " + t);
        }
        assertEquals(MAX, curve.mu(at(2, 10, 0)), EPS);
        // a sinus half period is symmetric: half way at 09:00
        assertEquals((MIN + MAX) / 2, curve.mu(at(2, 9, 0)), EPS);
    }

    @Test
    void declinesMonotonicallyFromFourToSix() {
        assertEquals(MAX, curve.mu(at(2, 16, 0)), EPS);
        for (long t = at(2, 16, 0); t < at(2, 18, 0); t++) {
            assertTrue(curve.mu(t + 1) < curve.mu(t), "not declining at " + t);
        }
        assertEquals(MIN, curve.mu(at(2, 18, 0)), EPS);
        assertEquals((MIN + MAX) / 2, curve.mu(at(2, 17, 0)), EPS);
    }

    @Test
    void lunchDipReachesItsDepthAtHalfPastTwelveAndRecoversByHalfPastOne() {
        double bottom = MAX - DIP * SPAN;
        assertEquals(MAX, curve.mu(at(3, 11, 30)), EPS);
        assertEquals(bottom, curve.mu(at(3, 12, 30)), EPS, "depth of the lunch dip at 12:30");
        assertEquals(MAX, curve.mu(at(3, 13, 30)), EPS, "back to max at 13:30");
        for (long t = at(3, 11, 30); t < at(3, 12, 30); t++) {
            assertTrue(curve.mu(t + 1) < curve.mu(t), "lunch dip not falling at " + t);
        }
        for (long t = at(3, 12, 30); t < at(3, 13, 30); t++) {
            assertTrue(curve.mu(t + 1) > curve.mu(t), "lunch dip not recovering at " + t);
        }
        for (long t = at(3, 11, 30); t <= at(3, 13, 30); t++) {
            double mu = curve.mu(t);
            assertTrue(mu >= bottom - EPS && mu <= MAX + EPS, "lunch value " + mu + " outside [bottom, max]");
        }
    }

    @Test
    void continuousAtEveryBoundary() {
        // The steepest slope anywhere is that of the 2 h rise and decline, span * pi / (2 * 7200 s) = 0.0087
        // per second (the lunch dip's is span * dip * pi / 7200 s = 0.0044). A one-second step larger
        // than that is a jump, not a slope; a real jump between pieces would be of order span = 40.
        double maxStep = SPAN * Math.PI / (2 * 7200);
        long[] boundaries = {
            8 * HOUR, 10 * HOUR, 11 * HOUR + 30 * MINUTE, 13 * HOUR + 30 * MINUTE, 16 * HOUR, 18 * HOUR, 0
        };
        for (int day = 0; day <= 7; day++) {
            for (long b : boundaries) {
                long t = day * DAY + b;
                double step = Math.abs(curve.mu(t) - curve.mu(t - 1));
                assertTrue(step <= maxStep, "jump of " + step + " at day " + day + " second " + b);
            }
        }
        // and the whole week, second by second, including the Sunday -> Monday wrap
        for (long t = 0; t < WEEK; t++) {
            double step = Math.abs(curve.mu(t + 1) - curve.mu(t));
            if (step > maxStep) {
                throw new AssertionError("jump of " + step + " between " + t + " and " + (t + 1));
            }
        }
    }

    @Test
    void minAllWeekend() {
        for (long t = 5 * DAY; t < WEEK; t += MINUTE) {
            assertEquals(MIN, curve.mu(t), EPS, "weekend second " + t);
        }
        assertEquals(MIN, curve.mu(at(5, 10, 30)), EPS, "Saturday 10:30");
        assertEquals(MIN, curve.mu(at(6, 15, 0)), EPS, "Sunday 15:00");
    }

    @Test
    void hourByHourOnEveryWeekday() {
        // Derived from the definition with min 50, max 90, lunch dip 0.25 * 40 = 10:
        // night 50; 08:00 start of the rise 50; 09:00 half way 70; 10:00-11:00 90;
        // 12:00 and 13:00 are a quarter period either side of the 12:30 bottom (80) on a full cosine
        // period, i.e. half the depth: 85; 14:00-16:00 90; 17:00 half way 70; 18:00 on 50.
        double[] expected = {
            50, 50, 50, 50, 50, 50, 50, 50, 50, 70, 90, 90, 85, 85, 90, 90, 90, 70, 50, 50, 50, 50, 50, 50
        };
        for (int day = 0; day < 5; day++) {
            for (int hour = 0; hour < 24; hour++) {
                assertEquals(expected[hour], curve.mu(at(day, hour, 0)), EPS, "day " + day + " " + hour + ":00");
            }
        }
    }

    @Test
    void weeksRepeat() {
        var random = new SplittableRandom(0xB5C0001L);
        for (int i = 0; i < 20_000; i++) {
            long t = random.nextLong(WEEK);
            double mu = curve.mu(t);
            for (int k = -3; k <= 3; k++) {
                assertEquals(mu, curve.mu(t + k * WEEK), 0, "t = " + t + " shifted by " + k + " weeks");
            }
        }
    }

    @Test
    void extremeDipsAndFlatCurve() {
        assertEquals(MAX, new BusinessCurve(MIN, MAX, 0).mu(at(0, 12, 30)), EPS, "no dip with lunchDip 0");
        assertEquals(MIN, new BusinessCurve(MIN, MAX, 1).mu(at(0, 12, 30)), EPS, "full dip reaches min");
        var flat = new BusinessCurve(70, 70, 0.5);
        for (long t = 0; t < WEEK; t += 7 * MINUTE) {
            assertEquals(70, flat.mu(t), EPS, "min == max must give a flat curve");
        }
    }

    @Test
    void constructorRejectsInvalidParameters() {
        assertThrows(IllegalArgumentException.class, () -> new BusinessCurve(90, 50, 0.25), "min > max");
        assertThrows(IllegalArgumentException.class, () -> new BusinessCurve(50, 90, -0.01), "lunchDip < 0");
        assertThrows(IllegalArgumentException.class, () -> new BusinessCurve(50, 90, 1.01), "lunchDip > 1");
        assertThrows(IllegalArgumentException.class, () -> new BusinessCurve(50, 90, Double.NaN), "lunchDip NaN");
    }
}
