package org.overbookd.policy.hybrid;

/**
 * PRI-N's rule: a task is dropped, not requeued, when it is preempted for the N-th time. So it is
 * evicted (and requeued) at most N-1 times: with the paper's N = 5 the worst task sees 4 evictions,
 * the max(pe) = 4 of PRI5 in Table 2. A limit of 0 never drops.
 */
record EvictionLimit(int limit) {

    SlotDecision preempt(RunningTask victim) {
        if (limit > 0 && victim.evictions() + 1 >= limit) {
            return new SlotDecision.Drop(victim.index(), victim.server());
        }
        return new SlotDecision.Evict(victim.index(), victim.server());
    }
}
