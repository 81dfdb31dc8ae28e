package org.overbookd.backend.simulated.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link LoadGenerator#clip} gives the bits of the Math.min form and of the comparison form it
 * replaced, for every kind of double: NaNs of any payload and sign, both zeros, subnormals, the
 * doubles next to 0 and 100, infinities, random bits and random loads.
 */
class ClipTest {

    private static double before(double percent) {
        return percent < 0 ? 0 : Math.min(percent, 100);
    }

    private static double compared(double percent) {
        return percent < 0 ? 0 : percent > 100 ? 100 : percent;
    }

    private static void assertSame(double d) {
        long clipped = Double.doubleToRawLongBits(LoadGenerator.clip(d));
        // messages built only on failure: a million calls
        assertEquals(
                Double.doubleToRawLongBits(before(d)),
                clipped,
                () -> "at " + d + " (" + Long.toHexString(Double.doubleToRawLongBits(d)) + ")");
        assertEquals(Double.doubleToRawLongBits(compared(d)), clipped, () -> "at " + d);
    }

    @Test
    void sameBitsAsTheMathMinForm() {
        double[] edges = {
            0.0,
            -0.0,
            100,
            Math.nextUp(100.0),
            Math.nextDown(100.0),
            Double.MIN_VALUE,
            -Double.MIN_VALUE,
            Double.NaN,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.MAX_VALUE,
            -Double.MAX_VALUE,
            50.5,
            -3,
            Double.MIN_NORMAL,
            -Double.MIN_NORMAL,
            Math.nextDown(Double.MIN_NORMAL),
            99.99999999999999,
            1e-300,
            -1e-300,
            Double.longBitsToDouble(0x7ff0000000000001L),
            Double.longBitsToDouble(0x7ff8000000000123L),
            Double.longBitsToDouble(0x7fffffffffffffffL),
            Double.longBitsToDouble(0xfff8000000000000L),
            Double.longBitsToDouble(0xfff0000000000001L),
            Double.longBitsToDouble(0xffffffffffffffffL)
        };
        for (double d : edges) {
            assertSame(d);
        }
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 1_000_000; i++) {
            assertSame(i % 2 == 0 ? Double.longBitsToDouble(random.nextLong()) : random.nextGaussian() * 80 + 50);
        }
        for (long bits = Double.doubleToRawLongBits(100.0) - 1000;
                bits <= Double.doubleToRawLongBits(100.0) + 1000;
                bits++) {
            assertSame(Double.longBitsToDouble(bits));
        }
    }
}
