package org.overbookd.policy.qos;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.policy.qos.Fixtures.BRONZE;
import static org.overbookd.policy.qos.Fixtures.CLASSES;
import static org.overbookd.policy.qos.Fixtures.GOLD;
import static org.overbookd.policy.qos.Fixtures.SILVER;
import static org.overbookd.policy.qos.Fixtures.cand;
import static org.overbookd.policy.qos.Fixtures.inst;

import java.util.List;
import org.junit.jupiter.api.Test;

class PreemptionCostTest {

    private static final double NEG = Double.NEGATIVE_INFINITY;
    // Reciprocals of small integers; 1e-12 absorbs double rounding only.
    private static final double EXACT = 1e-12;

    private final Candidate j = cand(inst("j", SILVER, 0, 0, null, 9));

    @Test
    void eq9TupleByClassThenSafeVictims() {
        // gold e=5, p=0: Q = 0, margin -10. silver e=45: Q = 5, margin -5; silver e=72, p=0:
        // Q = 8, margin -2. bronze e=30, p=0: Q = 30, margin 20; bronze e=40: Q = 40, margin 30.
        List<Candidate> victims = List.of(
                cand(inst("g", GOLD, 5, 0, "a", 0)),
                cand(inst("s1", SILVER, 45, 0, "a", 1)),
                cand(inst("s2", SILVER, 72, 0, "a", 2)),
                cand(inst("b1", BRONZE, 30, 0, "a", 3)),
                cand(inst("b2", BRONZE, 40, 0, "a", 4)));
        double[] s = new QosPreemptionCost(CLASSES).cost(j, victims);
        // (1 / -10, 1 / (-5 - 2), no bronze below its margin, 1 / (20 + 30))
        assertArrayEquals(new double[] {-0.1, -1.0 / 7, NEG, 1.0 / 50}, s, EXACT);
    }

    @Test
    void eq9PrefersSparingTheMostImportantClass() {
        double[] goldVictim = new QosPreemptionCost(CLASSES).cost(j, List.of(cand(inst("g", GOLD, 5, 0, "a", 0))));
        double[] silverVictims = new QosPreemptionCost(CLASSES)
                .cost(j, List.of(cand(inst("s1", SILVER, 45, 0, "a", 1)), cand(inst("s2", SILVER, 72, 0, "a", 2))));
        assertTrue(Lexicographic.compare(silverVictims, goldVictim) < 0);
        // within P_h+, more slack is cheaper: 1/90 < 1/10
        double[] far = new QosPreemptionCost(CLASSES).cost(j, List.of(cand(inst("k", SILVER, 900, 0, "a", 0))));
        double[] near = new QosPreemptionCost(CLASSES).cost(j, List.of(cand(inst("k", SILVER, 180, 0, "a", 0))));
        assertTrue(Lexicographic.compare(far, near) < 0);
    }

    @Test
    void priorityCostCountsVictimsFromTheHighestPriority() {
        double[] c = new PriorityPreemptionCost(CLASSES)
                .cost(
                        j,
                        List.of(
                                cand(inst("s", SILVER, 1, 0, "a", 1)),
                                cand(inst("b1", BRONZE, 1, 0, "a", 2)),
                                cand(inst("b2", BRONZE, 1, 0, "a", 3))));
        assertArrayEquals(new double[] {0, 1, 2}, c, 0.0);
    }
}
