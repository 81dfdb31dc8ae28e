package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SizeMixTest {

    @Test
    void parsesAndPrintsTheSameMix() {
        SizeMix mix = SizeMix.parse(" 1:0.7, 4:0.3 ");
        assertEquals(2, mix.entries().size());
        assertEquals("1:0.7,4:0.3", mix.format());
        assertEquals(mix, SizeMix.parse(mix.format()));
        assertTrue(SizeMix.parse("").isEmpty());
        assertEquals("0.5:1", SizeMix.parse("0.5:1").format());
    }

    @Test
    void refusesWhatIsNotAMix() {
        for (String bad : new String[] {"1", "1:0.5:2", "a:1", "0:1", "2:-1", "2:0"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SizeMix.parse(bad), bad);
            assertTrue(e.getMessage().contains("'"), e.getMessage());
        }
    }

    @Test
    void drawsSizesWithTheirOdds() {
        SizeMix mix = SizeMix.parse("1:3,4:1");
        SplittableRandom random = new SplittableRandom(7);
        int big = 0;
        int n = 40_000;
        for (int i = 0; i < n; i++) {
            big += mix.draw(random) == 4 ? 1 : 0;
        }
        // expected n/4 = 10,000 with standard deviation sqrt(n p (1-p)) = 87: 5 sd is 433
        assertEquals(10_000, big, 433);
    }
}
