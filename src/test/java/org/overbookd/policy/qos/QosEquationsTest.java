package org.overbookd.policy.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Every equation of section 3 against numbers worked by hand. Times in minutes unless said. */
class QosEquationsTest {

    // Results below are exact fractions printed to 1e-9; the tolerance only absorbs double rounding.
    private static final double EXACT = 1e-9;

    @Test
    void paperExampleOfSection32() {
        // j: 58 min run in 60; k: 10 min run in 10; SLO 90%.
        assertEquals(58.0 / 60, QosEquations.availability(58, 2), EXACT); // "around 96.6%"
        assertEquals(1.0, QosEquations.availability(10, 0), EXACT);
        // V_j = 58 / 0.9 - 60 = 4.444... min; V_k = 10 / 0.9 - 10 = 1.111... min
        assertEquals(4.0 + 4.0 / 9, QosEquations.timeToViolate(58, 2, 0.9), EXACT);
        assertEquals(1.0 + 1.0 / 9, QosEquations.timeToViolate(10, 0, 0.9), EXACT);
        // after 1.1 min pending, k is at 10 / 11.1 = 90.09%, still just above the SLO
        assertEquals(0.9009009009, QosEquations.availability(10, 1.1), EXACT);
    }

    @Test
    void eq2HoldsAtTheTimeToViolate() {
        double v = QosEquations.timeToViolate(58, 2, 0.9);
        assertEquals(0.9, QosEquations.availability(58, 2 + v), EXACT);
    }

    @Test
    void recoverabilityIsNegativeBelowTheSlo() {
        // 30 min run in 60, SLO 90%: R = 30 / 0.9 - 60 = -26.666... min
        assertEquals(-26.0 - 2.0 / 3, QosEquations.recoverability(30, 30, 0.9), EXACT);
        assertThrows(IllegalArgumentException.class, () -> QosEquations.recoverability(58, 2, 0.9));
        assertThrows(IllegalArgumentException.class, () -> QosEquations.timeToViolate(30, 30, 0.9));
    }

    @Test
    void qosSubtractsTheAllocationTimeOnBothSides() {
        // eq. 4: V* = 4.444 - 0.5; eq. 7: R* = -26.667 - 0.5
        assertEquals(4.0 + 4.0 / 9 - 0.5, QosEquations.qos(58, 2, 0.9, 0.5), EXACT);
        assertEquals(-26.0 - 2.0 / 3 - 0.5, QosEquations.qos(30, 30, 0.9, 0.5), EXACT);
    }

    @Test
    void aJustAdmittedRequestHasQZeroAndFullAvailability() {
        assertEquals(0.0, QosEquations.qos(0, 0, 0.9, 5), EXACT);
        assertEquals(1.0, QosEquations.availability(0, 0), EXACT);
        // one second later, never run: R* = 0 - 1 - alpha
        assertEquals(-6.0, QosEquations.qos(0, 1, 0.9, 5), EXACT);
    }

    @Test
    void goldRunningWithoutEverWaitingSitsAtMinusAlpha() {
        // SLO 100%: V = e / 1 - e = 0, so Q = -alpha whatever e is
        assertEquals(-2.0, QosEquations.qos(3600, 0, 1.0, 2), EXACT);
    }

    @Test
    void eq8PreemptionOverhead() {
        // three allocations of 2 s paid, 54 s run: 6 / 60 = 10%
        assertEquals(0.1, QosEquations.preemptionOverhead(54, 6), EXACT);
        assertEquals(0.0, QosEquations.preemptionOverhead(0, 0), EXACT);
    }
}
