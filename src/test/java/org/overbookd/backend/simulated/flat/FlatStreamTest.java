package org.overbookd.backend.simulated.flat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.overbookd.random.Seeds;
import org.overbookd.random.Ziggurat;

class FlatStreamTest {

    /** After any mix of creation draws (ints, longs, normals), the state read back continues the same stream. */
    @Test
    void continuesWhereTheSplittableRandomStopped() {
        for (long identity = 0; identity < 200; identity++) {
            SplittableRandom random = Seeds.stream(7, Seeds.HIGH_QOS, identity, 0);
            SplittableRandom reference = Seeds.stream(7, Seeds.HIGH_QOS, identity, 0);
            for (int i = 0; i < identity % 5; i++) {
                random.nextInt(3);
                reference.nextInt(3);
                Ziggurat.next(random);
                Ziggurat.next(reference);
            }
            FlatStream flat = new FlatStream();
            flat.state = FlatStream.stateOf(random);
            for (int i = 0; i < 500; i++) {
                assertEquals(reference.nextLong(), flat.nextLong());
                assertEquals(
                        Double.doubleToRawLongBits(reference.nextDouble()),
                        Double.doubleToRawLongBits(flat.nextDouble()));
                assertEquals(
                        Double.doubleToRawLongBits(Ziggurat.next(reference)),
                        Double.doubleToRawLongBits(Ziggurat.next(flat)),
                        "normal " + i + " of stream " + identity);
            }
        }
    }

    /**
     * The load sweep's normal draw, its common case on a state held in an array and the rest through
     * the cursor, gives the numbers {@code Ziggurat.next} draws from a SplittableRandom of the same
     * seed and leaves the stream where it leaves it; a million draws take the rest about 12,000
     * times (3 parts in 256), so both ways are checked.
     */
    @Test
    void theSweepsNormalIsTheZigguratsOnBothPaths() {
        SplittableRandom reference = new SplittableRandom(20261124);
        long[] states = {0, FlatStream.stateOf(new SplittableRandom(20261124))};
        FlatStream cursor = new FlatStream();
        int leftOver = 0;
        for (int i = 0; i < 1_000_000; i++) {
            long before = states[1];
            assertEquals(
                    Double.doubleToRawLongBits(Ziggurat.next(reference)),
                    Double.doubleToRawLongBits(LoadDrawer.gaussian(states, 1, cursor)),
                    "normal " + i);
            if (states[1] != FlatStream.after(before, 1)) {
                leftOver++;
            }
        }
        FlatStream flat = new FlatStream();
        flat.state = states[1];
        assertEquals(reference.nextLong(), flat.nextLong(), "the streams stay in step");
        assertTrue(leftOver > 10_000 && leftOver < 14_000, leftOver + " draws took more than one long");
    }

    @Test
    void unmixUndoesTheSplitMixFinalizer() {
        SplittableRandom values = new SplittableRandom(3);
        for (int i = 0; i < 10_000; i++) {
            long state = values.nextLong();
            FlatStream flat = new FlatStream();
            flat.state = state;
            long out = flat.nextLong();
            assertEquals(flat.state, FlatStream.unmix(out));
        }
    }

    /** SplittableRandom's nextInt has its own mix; a flat stream must not pretend to draw it. */
    @Test
    void refusesIntDrawsRatherThanDrawOtherNumbers() {
        FlatStream flat = new FlatStream();
        assertThrows(UnsupportedOperationException.class, flat::nextInt);
        assertThrows(UnsupportedOperationException.class, () -> flat.nextInt(3));
        assertThrows(UnsupportedOperationException.class, flat::nextBoolean);
        assertThrows(
                UnsupportedOperationException.class, flat::nextGaussian, "the JDK's ziggurat differs between JDKs");
    }

    /** A stream made by split() steps by its own gamma: taken flat it would draw other numbers, so it is refused. */
    @Test
    void aSplitStreamIsRefused() {
        SplittableRandom split = new SplittableRandom(42).split();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FlatStream.stateOf(split));
        assertEquals(true, e.getMessage().contains("split()"), e.getMessage());
    }
}
