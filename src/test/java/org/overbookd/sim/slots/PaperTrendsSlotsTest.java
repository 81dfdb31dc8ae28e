package org.overbookd.sim.slots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.overbookd.policy.hybrid.HybridPolicy;
import org.overbookd.policy.hybrid.HybridSettings;

/**
 * Table 2's comparisons on the CI-sized scenario ({@link CiScenario}: a tenth of the built-in
 * one), summed over seeds 1-5 so that one lucky or unlucky seed cannot decide. Each policy runs on
 * the same tasks of each seed.
 *
 * <p>What our model shows, and so what is asserted: HYBRID preempts less and wastes less than PRI,
 * but by about 12% on both counts summed over these seeds (single seeds range from 0% to 28%),
 * not the paper's 85%: most preemptions find many more lower-priority tasks running than there
 * are labels ({@link EvictionAnatomyTest}; sim/README-hybrid.md, "Why the gain is smaller here",
 * has the regime in which the paper's numbers do appear, and why it is not ours). The bounds claim
 * at least 5%. They are
 * regression bounds for these fixed seeds, not a law: over other groups of five seeds (6-10, 11-15,
 * 16-20) the ratios were 0.87-0.91 for evictions and 0.83-0.98 for waste. A change that broke the
 * mechanism (a sticky task evicted, the sticky phase skipped) brings both to 1 and fails here. The
 * other claims hold with room: HYBRID's worst task is evicted 8 times against PRI's 12, the median
 * response of evicted class-0 tasks is 0.44 of PRI's (0.27-0.39 in the other groups), HYBRID drops
 * nothing, PRI-N drops 119 tasks and evicts none more than N-1 = 4 times, and 96% of the tasks
 * that finish on a sticky slot are of class 4 or below.
 */
class PaperTrendsSlotsTest {

    private static final long[] SEEDS = {1, 2, 3, 4, 5};
    private static final List<SlotResult> HYBRID = new ArrayList<>();
    private static final List<SlotResult> PRI = new ArrayList<>();
    private static final List<SlotResult> PRI_N = new ArrayList<>();

    @BeforeAll
    static void runAll() {
        for (long seed : SEEDS) {
            List<Task> tasks = CiScenario.tasks(seed);
            Infrastructure infra = CiScenario.infrastructure();
            HYBRID.add(new SlotSimulation(infra, tasks, HybridPolicy.hybrid(CiScenario.STICKY_SLOTS, seed)).run());
            PRI.add(new SlotSimulation(infra, tasks, HybridPolicy.pri(seed)).run());
            PRI_N.add(new SlotSimulation(infra, tasks,
                    HybridPolicy.priN(HybridSettings.PAPER_EVICTION_LIMIT, seed)).run());
        }
    }

    private static double sum(List<SlotResult> runs, java.util.function.ToDoubleFunction<SlotResult> metric) {
        return runs.stream().mapToDouble(metric).sum();
    }

    private static int max(List<SlotResult> runs, java.util.function.ToIntFunction<SlotResult> metric) {
        return runs.stream().mapToInt(metric).max().orElseThrow();
    }

    @Test
    void hybridEvictsLessThanPri() {
        double hybrid = sum(HYBRID, SlotResult::evictions);
        double pri = sum(PRI, SlotResult::evictions);
        assertTrue(pri > 1000, "the scenario must preempt: " + pri);
        assertTrue(hybrid < 0.95 * pri, "HYBRID " + hybrid + " vs PRI " + pri);
    }

    @Test
    void hybridWastesLessCpuThanPri() {
        double hybrid = sum(HYBRID, SlotResult::wastedCpuSeconds);
        double pri = sum(PRI, SlotResult::wastedCpuSeconds);
        assertTrue(hybrid < 0.95 * pri, "HYBRID " + hybrid + " vs PRI " + pri);
    }

    @Test
    void hybridsWorstTaskIsEvictedFewTimesAndFewerThanPris() {
        int hybrid = max(HYBRID, SlotResult::maxEvictions);
        int pri = max(PRI, SlotResult::maxEvictions);
        assertTrue(hybrid <= 10 && hybrid < pri, "HYBRID " + hybrid + " vs PRI " + pri);
        assertTrue(sum(HYBRID, SlotResult::meanEvictionsPerEvictedTask)
                < sum(PRI, SlotResult::meanEvictionsPerEvictedTask));
    }

    @Test
    void hybridShortensTheResponseOfEvictedLowPriorityTasks() {
        double hybrid = sum(HYBRID, r -> r.classStats(0).responseP50Evicted());
        double pri = sum(PRI, r -> r.classStats(0).responseP50Evicted());
        assertTrue(hybrid < 0.8 * pri, "HYBRID " + hybrid + " vs PRI " + pri);
    }

    @Test
    void priNDropsTasksHybridAndPriDropNone() {
        assertEquals(0, sum(HYBRID, SlotResult::dropped));
        assertEquals(0, sum(PRI, SlotResult::dropped));
        assertTrue(sum(PRI_N, SlotResult::dropped) > 0);
        assertTrue(max(PRI_N, SlotResult::maxEvictions) <= HybridSettings.PAPER_EVICTION_LIMIT - 1);
        for (SlotResult r : PRI_N) {
            assertEquals(r.tasks(), r.finished() + r.dropped());
        }
    }

    @Test
    void hybridUsesItsStickySlotsMostlyForClasses4AndBelow() {
        double low = 0;
        for (int p = 0; p <= 4; p++) {
            int priority = p;
            low += sum(HYBRID, r -> r.classStats(priority).finishedOnSticky());
        }
        double all = sum(HYBRID, SlotResult::finishedOnSticky);
        assertTrue(low > 0.9 * all, "paper: more than 90% (Figure 3a); " + low + " of " + all);
    }
}
