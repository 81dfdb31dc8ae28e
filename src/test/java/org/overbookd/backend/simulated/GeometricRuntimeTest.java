package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Runtimes of Verboven et al. equation 1: Pr[X = n] = p (1 - p)^(n/30 - 1) for n = 30, 60, 90, ...
 * minutes, i.e. a geometric number k >= 1 of 30-minute units with mean unit / p. Tolerances are five
 * standard errors.
 */
class GeometricRuntimeTest {

    private static final long UNIT = 1800; // 30 minutes
    private static final int N = 200_000;

    /** sd of a geometric number of trials to the first success: sqrt(1 - p) / p. */
    private static double geometricSd(double p) {
        return Math.sqrt(1 - p) / p;
    }

    @Test
    void valuesArePositiveWholeMultiplesOfTheUnit() {
        var random = new SplittableRandom(0x6E0001L);
        for (double p : new double[] {0.001, 0.01, 0.3, 0.9}) {
            var runtime = new GeometricRuntime(UNIT, p);
            for (int i = 0; i < 20_000; i++) {
                long x = runtime.sampleSeconds(random);
                assertTrue(x >= UNIT, "runtime " + x + " below one unit for p = " + p);
                assertEquals(0, x % UNIT, "runtime " + x + " not a whole number of units for p = " + p);
            }
        }
    }

    @Test
    void lowQosMeanIsFiftyHours() {
        var random = new SplittableRandom(0x6E0002L);
        var runtime = new GeometricRuntime(UNIT, 0.01);
        // unit / p = 1800 s / 0.01 = 180 000 s = 50 h
        assertEquals(50 * 3600, runtime.meanSeconds(), 1e-6, "analytic mean of the low-QoS runtime");
        double sum = 0;
        for (int i = 0; i < N; i++) {
            sum += runtime.sampleSeconds(random);
        }
        // sd = unit * sqrt(1 - p) / p = 179 100 s; se = sd / sqrt(n) = 400 s; 5 se = 2 000 s (1.1% of the mean)
        assertEquals(50 * 3600, sum / N, 5 * UNIT * geometricSd(0.01) / Math.sqrt(N), "sample mean, p = 0.01");
    }

    @Test
    void highQosMeanIsFiveHundredHours() {
        var random = new SplittableRandom(0x6E0003L);
        var runtime = new GeometricRuntime(UNIT, 0.001);
        double sum = 0;
        for (int i = 0; i < N; i++) {
            sum += runtime.sampleSeconds(random);
        }
        // mean 500 h; sd = 1800 * 999.5 s; 5 se = 20 100 s (1.1% of the mean)
        assertEquals(500 * 3600, sum / N, 5 * UNIT * geometricSd(0.001) / Math.sqrt(N), "sample mean, p = 0.001");
    }

    @Test
    void oneUnitWithProbabilityP() {
        var random = new SplittableRandom(0x6E0004L);
        var runtime = new GeometricRuntime(UNIT, 0.01);
        int ones = 0;
        int longerThanHundred = 0;
        for (int i = 0; i < N; i++) {
            long x = runtime.sampleSeconds(random);
            if (x == UNIT) {
                ones++;
            }
            if (x > 100 * UNIT) {
                longerThanHundred++;
            }
        }
        // Pr[X = 1 unit] = p = 0.01; 5 se = 5 sqrt(p (1 - p) / n) = 0.0011
        assertEquals(0.01, (double) ones / N, 5 * Math.sqrt(0.01 * 0.99 / N), "Pr[X = 30 min]");
        // Tail of equation 1: Pr[X > 100 units] = (1 - p)^100 = 0.366
        double tail = Math.pow(0.99, 100);
        assertEquals(tail, (double) longerThanHundred / N, 5 * Math.sqrt(tail * (1 - tail) / N), "Pr[X > 50 h]");
    }

    @Test
    void probabilityMassFunctionFollowsEquationOne() {
        var random = new SplittableRandom(0x6E0005L);
        double p = 0.3;
        var runtime = new GeometricRuntime(UNIT, p);
        int[] counts = new int[7];
        for (int i = 0; i < N; i++) {
            long k = runtime.sampleSeconds(random) / UNIT;
            if (k < counts.length) {
                counts[(int) k]++;
            }
        }
        for (int k = 1; k < counts.length; k++) {
            // Pr[X = k units] = p (1 - p)^(k - 1); 5 se of a proportion each (6 checks: a false failure
            // has probability ~6 x 6e-7)
            double expected = p * Math.pow(1 - p, k - 1);
            assertEquals(
                    expected,
                    (double) counts[k] / N,
                    5 * Math.sqrt(expected * (1 - expected) / N),
                    "Pr[X = " + k + " units]");
        }
    }

    @Test
    void pOneIsAlwaysOneUnit() {
        var random = new SplittableRandom(0x6E0006L);
        for (long unit : new long[] {1, 60, UNIT}) {
            var runtime = new GeometricRuntime(unit, 1);
            for (int i = 0; i < 10_000; i++) {
                assertEquals(unit, runtime.sampleSeconds(random), "p = 1 must give exactly one unit");
            }
        }
    }

    @Test
    void constructorRejectsInvalidParameters() {
        assertThrows(IllegalArgumentException.class, () -> new GeometricRuntime(UNIT, 0), "p = 0");
        assertThrows(IllegalArgumentException.class, () -> new GeometricRuntime(UNIT, -0.01), "p < 0");
        assertThrows(IllegalArgumentException.class, () -> new GeometricRuntime(UNIT, 1.0001), "p > 1");
        assertThrows(IllegalArgumentException.class, () -> new GeometricRuntime(UNIT, Double.NaN), "p NaN");
        assertThrows(IllegalArgumentException.class, () -> new GeometricRuntime(0, 0.01), "unit 0");
        assertThrows(IllegalArgumentException.class, () -> new GeometricRuntime(-UNIT, 0.01), "unit < 0");
    }

    @Test
    void tinyPNeverGivesANonPositiveRuntime() {
        // The constructor accepts any p in (0, 1]. For p = 1e-19, ln(U) / ln(1 - p) exceeds Long.MAX_VALUE
        // whenever U < exp(-p * 2^63) = 0.40, i.e. on ~40% of draws. Either the constructor rejects such
        // a p, or every sample must still be a positive whole number of units (e.g. saturated).
        GeometricRuntime runtime;
        try {
            runtime = new GeometricRuntime(UNIT, 1e-19);
        } catch (IllegalArgumentException rejected) {
            return;
        }
        var random = new SplittableRandom(0x6E0007L);
        for (int i = 0; i < 1_000; i++) {
            long x = runtime.sampleSeconds(random);
            assertTrue(
                    x >= UNIT && x % UNIT == 0,
                    "p = 1e-19 gave runtime " + x
                            + " s: 1 + (long) floor(ln U / ln(1 - p)) overflows past Long.MAX_VALUE"
                            + " (and k * unitSeconds can overflow too); a runtime must be a whole number k >= 1 of units");
        }
    }
}
