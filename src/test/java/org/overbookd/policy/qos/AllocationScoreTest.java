package org.overbookd.policy.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class AllocationScoreTest {

    // Hand-worked values are exact in binary except for the thirds; 1e-9 absorbs rounding only.
    private static final double EXACT = 1e-9;

    @Test
    void balancedHalfFullHost() {
        // 1 of 4 CPU, 2 of 8 memory: LR = mean(7.5, 7.5) = 7.5; BRA = (1 - 0) * 10 = 10; mean 8.75
        assertEquals(7.5, AllocationScore.leastRequested(4, 8, 1, 2), EXACT);
        assertEquals(10.0, AllocationScore.balanced(4, 8, 1, 2), EXACT);
        assertEquals(8.75, AllocationScore.score(4, 8, 1, 2), EXACT);
    }

    @Test
    void unbalancedHost() {
        // 3 of 4 CPU (0.75), 2 of 8 memory (0.25): LR = mean(2.5, 7.5) = 5; BRA = 0.5 * 10 = 5
        assertEquals(5.0, AllocationScore.score(4, 8, 3, 2), EXACT);
    }

    @Test
    void overCapacityScoresZero() {
        // CPU 5 of 4: its LR half is 0 and BRA is 0; memory 4 of 8 gives LR 5 for that half
        assertEquals(2.5, AllocationScore.leastRequested(4, 8, 5, 4), EXACT);
        assertEquals(0.0, AllocationScore.balanced(4, 8, 5, 4), EXACT);
        // exactly full: BRA is 0 by definition (fraction >= 1)
        assertEquals(0.0, AllocationScore.balanced(4, 8, 4, 1), EXACT);
    }
}
