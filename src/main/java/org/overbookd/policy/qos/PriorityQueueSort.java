package org.overbookd.policy.qos;

import java.util.Comparator;

/** Baseline QueueSort (section 4.1.2): highest priority first, then earliest admitted. */
public final class PriorityQueueSort implements QueueSort, QueueSortSpeedUp {

    @Override
    public String name() {
        return "priority-queue-sort";
    }

    @Override
    public Comparator<Candidate> order() {
        return Comparator.comparingInt((Candidate c) -> -c.serviceClass().priority())
                .thenComparingLong(c -> c.view().admission())
                .thenComparing(c -> c.view().id());
    }

    @Override
    public boolean dependsOnTime() {
        return false;
    }
}
