package org.overbookd.policy.qos;

import java.util.List;
import java.util.TreeSet;

/**
 * Baseline preemption cost (section 4.1.2): the number of victims of each priority, highest
 * priority first, so fewest victims of the highest priority wins, then of the next, and so on.
 */
public final class PriorityPreemptionCost implements PreemptionCost {

    @Override
    public String name() {
        return "priority-preemption-cost";
    }

    private final int[] prioritiesDescending;

    public PriorityPreemptionCost(ServiceClasses classes) {
        TreeSet<Integer> set = new TreeSet<>();
        classes.all().forEach(c -> set.add(c.priority()));
        prioritiesDescending =
                set.descendingSet().stream().mapToInt(Integer::intValue).toArray();
    }

    @Override
    public double[] cost(Candidate j, List<Candidate> victims) {
        double[] counts = new double[prioritiesDescending.length];
        for (Candidate k : victims) {
            for (int i = 0; i < prioritiesDescending.length; i++) {
                if (prioritiesDescending[i] == k.serviceClass().priority()) {
                    counts[i]++;
                }
            }
        }
        return counts;
    }
}
