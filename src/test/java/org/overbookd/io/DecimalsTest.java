package org.overbookd.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DecimalsTest {

    /** The two roundings are named because they differ: 1.005 is stored as 1.00499999... */
    @Test
    void theTwoRoundingsDifferNearAHalf() {
        assertEquals("1.01", Decimals.FORMATTER.fixed(1.005, 2));
        assertEquals("1.00", Decimals.SCALED.fixed(1.005, 2));
    }

    @Test
    void scaledKeepsSignsZerosAndFallsBackForLargeOrOddValues() {
        assertEquals("-0.500", Decimals.SCALED.fixed(-0.5, 3));
        assertEquals("-0.0", Decimals.SCALED.fixed(-0.0, 1));
        assertEquals("0.000001", Decimals.SCALED.fixed(1e-6, 6));
        assertEquals("12", Decimals.SCALED.fixed(11.5, 0));
        assertEquals("NaN", Decimals.SCALED.fixed(Double.NaN, 2));
        assertEquals("Infinity", Decimals.SCALED.fixed(Double.POSITIVE_INFINITY, 2));
        assertEquals("1000000000000.00", Decimals.SCALED.fixed(1e12, 2));
        assertEquals("0.12345678", Decimals.SCALED.fixed(0.123456784, 8));
    }

    @Test
    void formatterIsStringFormatInTheRootLocale() {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int i = 0; i < 1000; i++) {
            double v = (rnd.nextDouble() - 0.5) * Math.pow(10, rnd.nextInt(8));
            int d = rnd.nextInt(7);
            assertEquals(String.format(Locale.ROOT, "%." + d + "f", v), Decimals.FORMATTER.fixed(v, d));
        }
        assertEquals("", Decimals.FORMATTER.fixedOrEmpty(Double.NaN, 3));
        assertEquals("1.500", Decimals.FORMATTER.fixedOrEmpty(1.5, 3));
    }
}
