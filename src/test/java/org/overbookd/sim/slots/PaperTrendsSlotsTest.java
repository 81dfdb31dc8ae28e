package org.overbookd.sim.slots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.sim.slots.PolicyComparison.max;
import static org.overbookd.sim.slots.PolicyComparison.sum;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.overbookd.policy.hybrid.HybridSettings;

/**
 * Table 2's comparisons on the CI-sized scenario ({@link CiScenario}: a tenth of the swinging
 * built-in one), summed over seeds 1-5 so that one lucky or unlucky seed cannot decide. Each policy runs on
 * the same tasks of each seed.
 *
 * <p>What our model shows, and so what is asserted: HYBRID preempts less and wastes less than PRI,
 * but by 13% (evictions) and 9% (waste) summed over these seeds under section 3.2's victim rule as
 * written, the default (under the former default, {@code --victim lowest-class}, about 12% on both),
 * not the paper's 85%; single seeds range from 0.4% more evictions and 36% more waste (seed 1) to
 * 24% fewer evictions and 19% less waste (seed 3): most preemptions find many more lower-priority tasks running than there
 * are labels ({@link EvictionAnatomyTest}; sim/README-hybrid.md, "Why the gain is smaller here",
 * has the regime in which the paper's numbers do appear, the default steady scenario, which does
 * not survive scaling down to CI size; {@link SteadyScenarioTable2Test} asserts them there at full size). The bounds claim at least 5%. They are
 * regression bounds for these fixed seeds, not a law: over other groups of five seeds (6-10, 11-15,
 * 16-20) the ratios were 0.87-0.91 for evictions and 0.83-0.98 for waste (measured under the
 * lowest-class rule). A change that broke the mechanism (a sticky task evicted, the sticky phase
 * skipped) brings both to 1 and fails here. The other claims hold with room: HYBRID's worst task is
 * evicted 7 times against PRI's 12, the median response of evicted class-0 tasks is 0.44 of PRI's,
 * HYBRID drops nothing, PRI-N drops 137 tasks and evicts none more than N-1 = 4 times, and 96% of
 * the tasks that finish on a sticky slot are of class 4 or below.
 */
@Tag("slow")
class PaperTrendsSlotsTest {

    private static PolicyComparison runs;

    @BeforeAll
    static void runAll() {
        runs = PolicyComparison.run(
                CiScenario.infrastructure(), CiScenario.STICKY_SLOTS, CiScenario::tasks, 1, 2, 3, 4, 5);
    }

    @Test
    void hybridEvictsLessThanPri() {
        assertTrue(sum(runs.pri, SlotResult::evictions) > 1000, "the scenario must preempt");
        runs.assertHybridBelow(0.95, SlotResult::evictions, "evictions");
    }

    @Test
    void hybridWastesLessCpuThanPri() {
        runs.assertHybridBelow(0.95, SlotResult::wastedCpuSeconds, "wasted CPU-seconds");
    }

    @Test
    void hybridsWorstTaskIsEvictedFewTimesAndFewerThanPris() {
        int hybrid = max(runs.hybrid, SlotResult::maxEvictions);
        int pri = max(runs.pri, SlotResult::maxEvictions);
        assertTrue(hybrid <= 10 && hybrid < pri, "HYBRID " + hybrid + " vs PRI " + pri);
        assertTrue(sum(runs.hybrid, SlotResult::meanEvictionsPerEvictedTask)
                < sum(runs.pri, SlotResult::meanEvictionsPerEvictedTask));
    }

    @Test
    void hybridShortensTheResponseOfEvictedLowPriorityTasks() {
        double hybrid = sum(runs.hybrid, r -> r.classStats(0).responseP50Evicted());
        double pri = sum(runs.pri, r -> r.classStats(0).responseP50Evicted());
        assertTrue(hybrid < 0.8 * pri, "HYBRID " + hybrid + " vs PRI " + pri);
    }

    @Test
    void priNDropsTasksHybridAndPriDropNone() {
        assertEquals(0, sum(runs.hybrid, SlotResult::dropped));
        assertEquals(0, sum(runs.pri, SlotResult::dropped));
        assertTrue(sum(runs.priN, SlotResult::dropped) > 0);
        assertTrue(max(runs.priN, SlotResult::maxEvictions) <= HybridSettings.PAPER_EVICTION_LIMIT - 1);
        for (SlotResult r : runs.priN) {
            assertEquals(r.tasks(), r.finished() + r.dropped());
        }
    }

    @Test
    void hybridUsesItsStickySlotsMostlyForClasses4AndBelow() {
        double low = 0;
        for (int p = 0; p <= 4; p++) {
            int priority = p;
            low += sum(runs.hybrid, r -> r.classStats(priority).finishedOnSticky());
        }
        double all = sum(runs.hybrid, SlotResult::finishedOnSticky);
        assertTrue(low > 0.9 * all, "paper: more than 90% (Figure 3a); " + low + " of " + all);
    }
}
