package org.overbookd.backend.simulated.flat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The table of distinct draw profiles: one index per distinct values, compared bit for bit, whatever its size. */
class DrawProfilesTest {

    @Test
    void theSameValuesGetTheSameIndexAndOthersANewOne() {
        DrawProfiles profiles = new DrawProfiles();
        int noisy = profiles.indexOf(15, 1, 0);
        int spiky = profiles.indexOf(5, 1, 0);
        int sized = profiles.indexOf(15, 4, 0);
        int otherCurve = profiles.indexOf(15, 1, 1);
        assertEquals(List.of(0, 1, 2, 3), List.of(noisy, spiky, sized, otherCurve));
        assertEquals(noisy, profiles.indexOf(15, 1, 0));
        assertEquals(sized, profiles.indexOf(15.0, 4.0, 0));
        assertEquals(4, profiles.size());
        assertEquals(15, profiles.sd()[sized]);
        assertEquals(4, profiles.scale()[sized]);
        assertEquals(1, profiles.table()[otherCurve]);
    }

    /** Values are told apart by their bits, as the draws would: -0.0 is not 0.0, and NaN is one value. */
    @Test
    void valuesAreComparedBitForBit() {
        DrawProfiles profiles = new DrawProfiles();
        int zero = profiles.indexOf(0.0, 1, 0);
        assertNotEquals(zero, profiles.indexOf(-0.0, 1, 0));
        int nan = profiles.indexOf(Double.NaN, 1, 0);
        assertEquals(nan, profiles.indexOf(Double.NaN, 1, 0));
        assertEquals(
                Double.doubleToRawLongBits(-0.0),
                Double.doubleToRawLongBits(profiles.sd()[profiles.indexOf(-0.0, 1, 0)]));
    }

    /**
     * Past the profiles it scans, the table looks them up by value: every index found before still
     * holds, the values stay where they were, and new ones keep coming in order.
     */
    @Test
    void aLargeTableFindsEveryProfileAgain() {
        DrawProfiles profiles = new DrawProfiles();
        List<double[]> values = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            double[] v = {i % 37 * 0.5, 1 + i / 37, i % 3};
            values.add(v);
            assertEquals(i, profiles.indexOf(v[0], v[1], (int) v[2]), "profile " + i);
        }
        for (int i = values.size() - 1; i >= 0; i--) {
            double[] v = values.get(i);
            assertEquals(i, profiles.indexOf(v[0], v[1], (int) v[2]), "profile " + i + " again");
            assertEquals(v[0], profiles.sd()[i]);
            assertEquals(v[1], profiles.scale()[i]);
            assertEquals((int) v[2], profiles.table()[i]);
        }
        assertEquals(1000, profiles.size());
    }
}
