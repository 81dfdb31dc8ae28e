package org.overbookd.sim.slots;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import org.overbookd.policy.hybrid.HybridPolicy;
import org.overbookd.policy.hybrid.HybridSettings;

/**
 * HYBRID, PRI and the paper's PRI5 run on the same tasks of each seed, as Table 2 compares them;
 * claims are checked on the runs of all seeds together, so that one lucky seed cannot decide.
 */
final class PolicyComparison {

    final List<SlotResult> hybrid = new ArrayList<>();
    final List<SlotResult> pri = new ArrayList<>();
    final List<SlotResult> priN = new ArrayList<>();

    private PolicyComparison() {}

    static PolicyComparison run(
            Infrastructure infra, int stickySlots, LongFunction<List<Task>> workload, long... seeds) {
        PolicyComparison runs = new PolicyComparison();
        for (long seed : seeds) {
            List<Task> tasks = workload.apply(seed);
            runs.hybrid.add(new SlotSimulation(infra, tasks, HybridPolicy.hybrid(stickySlots, seed)).run());
            runs.pri.add(new SlotSimulation(infra, tasks, HybridPolicy.pri(seed)).run());
            runs.priN.add(new SlotSimulation(infra, tasks, HybridPolicy.priN(HybridSettings.PAPER_EVICTION_LIMIT, seed))
                    .run());
        }
        return runs;
    }

    /** Fails unless HYBRID's total of a metric is below {@code bound} times PRI's. */
    void assertHybridBelow(double bound, ToDoubleFunction<SlotResult> metric, String what) {
        double ratio = sum(hybrid, metric) / sum(pri, metric);
        assertTrue(ratio < bound, "HYBRID / PRI " + what + ": " + ratio + ", bound " + bound);
    }

    static double sum(List<SlotResult> runs, ToDoubleFunction<SlotResult> metric) {
        return runs.stream().mapToDouble(metric).sum();
    }

    static int max(List<SlotResult> runs, ToIntFunction<SlotResult> metric) {
        return runs.stream().mapToInt(metric).max().orElseThrow();
    }
}
