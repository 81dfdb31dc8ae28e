package org.overbookd.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The ziggurat's tables against the geometry they stand for, and its draws against the normal
 * distribution, by a reference CDF computed here from its Taylor series (independent of the tables
 * and their quadrature). Seeds are fixed; each tolerance is a quantile a correct sampler exceeds
 * with probability about 1e-6, as each assertion says.
 */
class ZigguratTest {

    private static final double SQRT_2PI = Math.sqrt(2 * Math.PI);
    /** Area of one of the 256 parts, per side, in the units of the tables (the density times sqrt(2 pi)). */
    private static final double PART = SQRT_2PI / 512;

    /** Phi(x), by Phi(x) = 1/2 + phi(x) (x + x^3/3 + x^5/(3 5) + ...): every term positive, no cancellation. */
    static double cdf(double x) {
        if (x < 0) {
            return 1 - cdf(-x);
        }
        double term = x;
        double sum = x;
        for (int n = 1; term > 1e-18 * sum; n++) {
            term *= x * x / (2 * n + 1);
            sum += term;
        }
        return 0.5 + StrictMath.exp(-0.5 * x * x) / SQRT_2PI * sum;
    }

    @Test
    void theRectanglesFitUnderTheCurveTouchingItAndEachHoldsOnePart() {
        assertEquals(
                253, Ziggurat.RECTANGLES, "253 equal parts of 256 fit as rectangles (2^8 parts, stacked greedily)");
        double below = 0;
        for (int k = 0; k < Ziggurat.RECTANGLES; k++) {
            double a = Ziggurat.halfWidth(k);
            double top = Ziggurat.top(k);
            // each holds one part: height A / a on the stack below
            assertEquals(PART, a * (top - below), 1e-15, "area of rectangle " + k);
            // its top corner on the curve, to rounding: under it, and a wider rectangle would not fit
            assertTrue(Ziggurat.density(a) >= top - 1e-15, "rectangle " + k + " pokes above the curve");
            assertTrue(Ziggurat.density(a * (1 + 1e-12)) < top, "rectangle " + k + " could be wider");
            if (k > 0) {
                assertTrue(a < Ziggurat.halfWidth(k - 1), "the stack narrows upwards at " + k);
            }
            below = top;
        }
        // no room for a 254th: even at its best width, g(a) = density(a) - A / a, it would poke out
        double best = 0;
        for (double a = 0.01; a < 1; a += 1e-4) {
            best = Math.max(best, Ziggurat.density(a) - PART / a);
        }
        assertTrue(best < below, "another rectangle would fit on top");
    }

    /** The pieces left over and the rectangles make the whole area: quadrature and stack agree to rounding. */
    @Test
    void thePiecesLeftOverAreWhatTheRectanglesLeave() {
        double sum = 0;
        for (int k = 0; k <= Ziggurat.RECTANGLES; k++) {
            assertTrue(Ziggurat.pieceArea(k) > 0, "piece " + k);
            sum += Ziggurat.pieceArea(k);
        }
        double half = SQRT_2PI / 2;
        assertEquals(half - Ziggurat.RECTANGLES * PART, sum, 1e-14);
        assertEquals(
                1 - cdf(Ziggurat.halfWidth(0)),
                Ziggurat.pieceArea(Ziggurat.RECTANGLES) / SQRT_2PI,
                1e-15,
                "tail (1 - Phi near 1 loses four digits here)");
    }

    /**
     * The whole draw, 4 million from one stream, in 100 bins of equal normal probability: Pearson's
     * chi-square with 99 degrees of freedom exceeds {@link #chiSquareBound} (181) with probability 1e-6.
     */
    @Test
    void drawsAreStandardNormal() {
        int bins = 100;
        double[] edges = new double[bins - 1];
        for (int i = 0; i < edges.length; i++) {
            edges[i] = quantile((i + 1) / (double) bins);
        }
        long[] counts = new long[bins];
        int n = 4_000_000;
        SplittableRandom random = new SplittableRandom(20261128);
        double sum = 0;
        double squares = 0;
        long beyondA0 = 0;
        for (int i = 0; i < n; i++) {
            double x = Ziggurat.next(random);
            counts[bin(edges, x)]++;
            sum += x;
            squares += x * x;
            if (Math.abs(x) > Ziggurat.halfWidth(0)) {
                beyondA0++;
            }
        }
        double chi = 0;
        for (long c : counts) {
            double expected = n / (double) bins;
            chi += (c - expected) * (c - expected) / expected;
        }
        assertTrue(chi < chiSquareBound(bins - 1), "chi-square " + chi);
        assertEquals(0, sum / n, 5 / Math.sqrt(n), "mean");
        assertEquals(1, squares / n, 5 * Math.sqrt(2.0 / n), "variance");
        // the tail, drawn by its own method: about 1,110 of 4 million, Poisson, 5 standard deviations
        double tail = 2 * (1 - cdf(Ziggurat.halfWidth(0))) * n;
        assertEquals(tail, beyondA0, 5 * Math.sqrt(tail), "draws beyond a_0");
    }

    /**
     * The rare way alone (what the rectangles leave: overhangs, cap and tail, 1 draw in 85), a million
     * draws against its own density, phi minus the staircase, in 300 bins on [0, 6) on each side of
     * 0 and one beyond: chi-square with 601 degrees of freedom exceeds 780 with probability 1e-6.
     * A wrong overhang, squeeze or alias entry shows here, where the whole draw would hide it.
     */
    @Test
    void theLeftOverWayDrawsWhatTheRectanglesLeave() {
        int perSide = 300;
        double width = 6.0 / perSide;
        double[] expected = new double[2 * perSide + 2];
        double mass = 0.5 - Ziggurat.RECTANGLES / 512.0; // per side
        for (int i = 0; i < perSide; i++) {
            double lo = i * width;
            double hi = lo + width;
            double p = (cdf(hi) - cdf(lo) - staircase(lo, hi) / SQRT_2PI) / mass / 2;
            expected[perSide + i] = p;
            expected[perSide - 1 - i] = p;
        }
        expected[2 * perSide] = (1 - cdf(6)) / mass / 2;
        expected[2 * perSide + 1] = expected[2 * perSide];
        SplittableRandom random = new SplittableRandom(17);
        long[] counts = new long[expected.length];
        int n = 1_000_000;
        for (int i = 0; i < n; i++) {
            long first = random.nextLong() | 0xFF; // a part left over (255; its other bits drawn)
            first ^= random.nextInt(3) & 0b11; // 253, 254 or 255
            double x = Ziggurat.leftOver(first, random);
            int b = x >= 6 ? 2 * perSide : x < -6 ? 2 * perSide + 1 : perSide + (int) Math.floor(x / width);
            counts[b]++;
        }
        double chi = 0;
        int used = 0;
        for (int b = 0; b < counts.length; b++) {
            double e = expected[b] * n;
            if (e > 0) {
                chi += (counts[b] - e) * (counts[b] - e) / e;
                used++;
            } else {
                assertEquals(0, counts[b], "bin " + b + " has no probability");
            }
        }
        assertTrue(used > 500, used + " bins");
        assertTrue(chi < chiSquareBound(used - 1), "chi-square " + chi + " over " + used + " bins");
    }

    /** A stream's draws depend on its longs alone: two generators of the same longs draw the same bits. */
    @Test
    void drawsOnlyThroughNextLong() {
        SplittableRandom a = new SplittableRandom(99);
        SplittableRandom longs = new SplittableRandom(99);
        java.util.random.RandomGenerator b = longs::nextLong;
        for (int i = 0; i < 100_000; i++) {
            assertEquals(Double.doubleToRawLongBits(Ziggurat.next(a)), Double.doubleToRawLongBits(Ziggurat.next(b)));
        }
        assertEquals(a.nextLong(), longs.nextLong(), "the same number of longs taken");
    }

    /**
     * The draws' bits are fixed: a hash of 4 million draws from seed 42 (past the 2,088,998th, where
     * the JDK's own nextGaussian first differs between JDK 17 and 25; about 47,000 of them take the
     * rare way, some the tail) and the stream's next long, the same value on OpenJDK 17 and Temurin
     * 25. Changing it changes every simulation's bytes: a documented change, never a side effect.
     */
    @Test
    void drawsTheSameBitsOnEveryJdk() {
        SplittableRandom random = new SplittableRandom(42);
        long hash = 0;
        for (int i = 0; i < 4_000_000; i++) {
            hash = hash * 31 + Double.doubleToRawLongBits(Ziggurat.next(random));
        }
        assertEquals(0xc317e97f912d9747L, hash, Long.toHexString(hash));
        assertEquals(-1492405279436170655L, random.nextLong());
    }

    /**
     * The chi-square quantile a correct sampler exceeds with probability 1e-6, by Wilson and
     * Hilferty's cube-root normal approximation (z = 4.753, the normal's 1 - 1e-6 quantile): within
     * 0.1% of the exact 180.8 and 780.4 for 99 and 601 degrees of freedom.
     */
    private static double chiSquareBound(int degrees) {
        double v = 2.0 / (9 * degrees);
        double c = 1 - v + 4.753 * Math.sqrt(v);
        return degrees * c * c * c;
    }

    /** The area under the staircase between lo and hi (0 <= lo < hi), in the tables' units. */
    private static double staircase(double lo, double hi) {
        double area = 0;
        double below = 0;
        for (int k = 0; k < Ziggurat.RECTANGLES; k++) {
            double a = Ziggurat.halfWidth(k);
            double top = Ziggurat.top(k);
            // rectangle k covers [0, a] at heights below..top
            area += Math.max(0, Math.min(hi, a) - lo) * (top - below);
            below = top;
        }
        return area;
    }

    private static int bin(double[] edges, double x) {
        int lo = 0;
        int hi = edges.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (x < edges[mid]) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** Phi^-1(p) by bisection on {@link #cdf}. */
    private static double quantile(double p) {
        double lo = -9;
        double hi = 9;
        for (int i = 0; i < 100; i++) {
            double mid = 0.5 * (lo + hi);
            if (cdf(mid) < p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return 0.5 * (lo + hi);
    }
}
