package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SloValueTest {

    @Test
    void readsFractionsAndPercentages() {
        assertEquals(0.9, SloValue.parse("0.9").getAsDouble(), 1e-12);
        assertEquals(0.9, SloValue.parse(" 90% ").getAsDouble(), 1e-12);
        assertEquals(0.995, SloValue.parse("99.5 %").getAsDouble(), 1e-12);
        assertEquals(1.0, SloValue.parse("1").getAsDouble(), 1e-12);
        assertEquals(0.0, SloValue.parse("0").getAsDouble(), 1e-12);
    }

    @Test
    void refusesWhatItWouldHaveToGuess() {
        assertTrue(SloValue.parse(null).isEmpty());
        assertTrue(SloValue.parse("90").isEmpty(), "a bare 90 may mean 0.9 or 0.09");
        assertTrue(SloValue.parse("150%").isEmpty());
        assertTrue(SloValue.parse("-0.1").isEmpty());
        assertTrue(SloValue.parse("gold").isEmpty());
        assertTrue(SloValue.parse("NaN").isEmpty());
        assertTrue(SloValue.parse("").isEmpty());
    }
}
