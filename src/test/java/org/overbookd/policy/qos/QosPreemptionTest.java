package org.overbookd.policy.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.policy.qos.Fixtures.BRONZE;
import static org.overbookd.policy.qos.Fixtures.GOLD;
import static org.overbookd.policy.qos.Fixtures.SILVER;
import static org.overbookd.policy.qos.Fixtures.cand;
import static org.overbookd.policy.qos.Fixtures.inst;
import static org.overbookd.policy.qos.Fixtures.withOverhead;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The feasibility rules of section 3.3.1 and the limit of eq. 8; alpha = 0, phi = 10 s. */
class QosPreemptionTest {

    // silver, 900 s run, never pending: Q = 900 / 0.9 - 900 = 100 s, well above phi
    private final Candidate silverSafe = cand(inst("k", SILVER, 900, 0, "a", 0));
    // silver pending 100 s, never run: Q = 0 - 100 = -100 s
    private final Candidate silverStarved = cand(inst("j", SILVER, 0, 100, null, 1));

    @Test
    void mainRuleLargerQAboveItsMarginGoes() {
        assertTrue(QosPreemption.eligible(silverStarved, silverSafe));
        assertFalse(QosPreemption.eligible(silverSafe, silverStarved), "never for a larger Q");
    }

    @Test
    void safetyMarginProtectsAMoreImportantClass() {
        // silver k: 45 s run, Q = 50 - 45 = 5 < phi. bronze j: 0 run, 20 pending, Q = -20 < 5.
        Candidate k = cand(inst("k", SILVER, 45, 0, "a", 0));
        Candidate j = cand(inst("j", BRONZE, 0, 20, null, 1));
        assertFalse(QosPreemption.eligible(j, k));
    }

    @Test
    void relaxationOneMoreImportantClassBelowItsMargin() {
        // gold j: pending 50 s, Q = -50. bronze k: 100 run, 200 pending, Q = 200 - 300 = -100,
        // smaller than j's, so only relaxation (i) allows it.
        Candidate j = cand(inst("j", GOLD, 0, 50, null, 1));
        Candidate k = cand(inst("k", BRONZE, 100, 200, "a", 0));
        assertTrue(QosPreemption.eligible(j, k));
    }

    @Test
    void lessImportantClassNeverPreemptsAMoreImportantOneBelowItsMargin() {
        // gold k: 100 run, 100 pending, Q = -100. bronze j: 150 pending, Q = -150 < -100.
        Candidate k = cand(inst("k", GOLD, 100, 100, "a", 0));
        Candidate j = cand(inst("j", BRONZE, 0, 150, null, 1));
        assertFalse(QosPreemption.eligible(j, k));
    }

    @Test
    void relaxationTwoSameImportanceBothBelowMargin() {
        // silver k: Q = 5 (below phi); silver j: Q = 0 (just admitted) < 5
        Candidate k = cand(inst("k", SILVER, 45, 0, "a", 0));
        Candidate j = cand(inst("j", SILVER, 0, 0, null, 1));
        assertTrue(QosPreemption.eligible(j, k));
        // and with j above its margin (Q = 1000 - 950 = 50) neither rule applies
        assertFalse(QosPreemption.eligible(cand(inst("j", SILVER, 900, 50, null, 1)), k));
    }

    @Test
    void overheadLimitProtectsFromTheSameClassOnly() {
        // 1000 s allocated, 100 s of it overheads: e = 900, C = 100 / (900 + 100) = 0.1, which is
        // silver's limit 1 - 0.9; Q = 1000 / 0.9 - 1000 = 111 s, so only the limit protects k
        Candidate k = cand(withOverhead(inst("k", SILVER, 1000, 0, "a", 0), 100));
        assertEquals(0.1, k.view().preemptionOverhead(), 1e-12);
        assertFalse(QosPreemption.eligible(silverStarved, k));
        Candidate gold = cand(inst("g", GOLD, 0, 100, null, 1)); // Q = -100 < 100, other class
        assertTrue(QosPreemption.eligible(gold, k));
    }

    @Test
    void goldNeverPreemptsGold() {
        // gold k: Q = -0 - 0 = 0 < phi; gold j: Q = -50 < 0; relaxation (ii) would allow it, but
        // gold's overhead limit is 1 - 1.0 = 0 and C = 0 reaches it.
        Candidate k = cand(inst("k", GOLD, 100, 0, "a", 0));
        Candidate j = cand(inst("j", GOLD, 0, 50, null, 1));
        assertFalse(QosPreemption.eligible(j, k));
    }

    /**
     * The residents' preemption order by insertion (a few residents) and by the general sort (many)
     * is the comparator's stable order: equal Q, equal tie ranks (one admission twice) and NaN
     * (an account of NaN seconds) among them.
     */
    @Test
    void theResidentsOrderIsTheComparatorsStableOrderAtAnySize() {
        SplittableRandom r = new SplittableRandom(34);
        double[] accounts = {0, 1, 2, 5, 10, Double.NaN};
        int nans = 0;
        for (int round = 0; round < 600; round++) {
            Pass pass = new Pass(round, 100, r.nextLong());
            int n = r.nextInt(45);
            List<Candidate> residents = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                double e = accounts[r.nextInt(accounts.length)];
                double p = accounts[r.nextInt(accounts.length)];
                residents.add(cand(inst("i" + i, SILVER, e, p, "h", r.nextInt(1 + n / 2))));
            }
            nans += (int) residents.stream().filter(c -> Double.isNaN(c.qos())).count();
            List<Candidate> expected = new ArrayList<>(residents);
            expected.sort(Comparator.comparingDouble(Candidate::qos)
                    .reversed()
                    .thenComparingLong(c -> pass.tieRank(c.view().admission())));
            QosPreemption.largestQosFirst(residents, pass);
            assertEquals(
                    expected.stream().map(c -> c.view().id()).toList(),
                    residents.stream().map(c -> c.view().id()).toList(),
                    "round " + round + ", " + n + " residents");
        }
        assertTrue(nans > 0, "no resident had a NaN Q");
    }
}
