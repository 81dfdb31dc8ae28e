package org.overbookd.policy.overbooking;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OneDecimalTest {

    /**
     * The fast formatter agrees with %.1f on utilizations as they occur (0-200%, arbitrary
     * fractions) and on the edges; a disagreement would change audit lines and reasons.
     */
    @Test
    void agreesWithStringFormat() {
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 200_000; i++) {
            // half the draws land exactly on a .x5 boundary of two decimals, where rounding differs most
            double v = i % 2 == 0
                    ? random.nextDouble(0, 200)
                    : random.nextInt(0, 20_000) / 100.0 + 0.05 * (i % 4 == 1 ? 1 : 0);
            // the message is built only on a failure: 200,000 eager ones cost more than the comparison
            assertEquals(String.format(Locale.ROOT, "%.1f", v), StepReasons.oneDecimal(v), () -> Double.toString(v));
        }
        for (double v : new double[] {
            0, 0.04, 0.05, 0.15, 0.25, 0.35, 0.45, 1.005, 2.675, 0.95, 9.95, 99.95, 100, 97.25, -0.04, -3.26, 1e-9,
            123456.05
        }) {
            assertEquals(String.format(Locale.ROOT, "%.1f", v), StepReasons.oneDecimal(v), Double.toString(v));
        }
    }
}
