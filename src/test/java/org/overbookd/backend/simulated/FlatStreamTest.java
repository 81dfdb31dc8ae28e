package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.overbookd.random.Seeds;

class FlatStreamTest {

    /** After any mix of creation draws (ints, longs, Gaussians), the state read back continues the same stream. */
    @Test
    void continuesWhereTheSplittableRandomStopped() {
        for (long identity = 0; identity < 200; identity++) {
            SplittableRandom random = Seeds.stream(7, Seeds.HIGH_QOS, identity, 0);
            SplittableRandom reference = Seeds.stream(7, Seeds.HIGH_QOS, identity, 0);
            for (int i = 0; i < identity % 5; i++) {
                random.nextInt(3);
                reference.nextInt(3);
                random.nextGaussian();
                reference.nextGaussian();
            }
            FlatStream flat = new FlatStream();
            flat.state = FlatStream.stateOf(random);
            for (int i = 0; i < 500; i++) {
                assertEquals(reference.nextLong(), flat.nextLong());
                assertEquals(Double.doubleToRawLongBits(reference.nextDouble()),
                        Double.doubleToRawLongBits(flat.nextDouble()));
                assertEquals(Double.doubleToRawLongBits(reference.nextGaussian()),
                        Double.doubleToRawLongBits(flat.nextGaussian()), "Gaussian " + i + " of stream " + identity);
            }
        }
    }

    /**
     * The Gaussian's inlined one-long case and its hand-over to the JDK for the other layers give the
     * JDK's numbers and leave the stream where the JDK leaves it; a million draws take the hand-over
     * about 12,000 times (the tail and overhang layers), so both ways are checked.
     */
    @Test
    void gaussiansAreTheJdksOnBothPaths() {
        SplittableRandom reference = new SplittableRandom(20261124);
        FlatStream flat = new FlatStream();
        flat.state = FlatStream.stateOf(new SplittableRandom(20261124));
        int handedOver = 0;
        for (int i = 0; i < 1_000_000; i++) {
            long before = flat.state;
            assertEquals(Double.doubleToRawLongBits(reference.nextGaussian()),
                    Double.doubleToRawLongBits(flat.nextGaussian()), "Gaussian " + i);
            if (flat.state != FlatStream.after(before, 1)) {
                handedOver++;
            }
        }
        assertEquals(reference.nextLong(), flat.nextLong(), "the streams stay in step");
        assertTrue(handedOver > 1_000 && handedOver < 100_000, handedOver + " draws took more than one long");
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
    }

    /** A stream made by split() steps by its own gamma: taken flat it would draw other numbers, so it is refused. */
    @Test
    void aSplitStreamIsRefused() {
        SplittableRandom split = new SplittableRandom(42).split();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FlatStream.stateOf(split));
        assertEquals(true, e.getMessage().contains("split()"), e.getMessage());
    }
}
