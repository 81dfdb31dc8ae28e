package org.overbookd.policy.hybrid;

/**
 * Everything that tells HYBRID, PRI and PRI-N apart, and the readings we chose where the paper is
 * open.
 *
 * @param stickySlots   sticky labels; 0 for PRI and PRI-N (the paper's HYBRID has 200)
 * @param evictionLimit preemptions at which a task is dropped (PRI-N's N, the paper's 5); 0 never
 * @param victimRule    which lower-priority task a preemption takes
 * @param regularOrder  which arrival time orders a class in the regular phase
 * @param seed          seed of the random choice of slot for non-production tasks
 */
public record HybridSettings(
        int stickySlots, int evictionLimit, EvictionRule victimRule, RegularOrder regularOrder, long seed) {

    /** The paper's number of sticky slots (section 3.1), 6.5% of Table 1's 3,072. */
    public static final int PAPER_STICKY_SLOTS = 200;
    /** The paper's PRI5. */
    public static final int PAPER_EVICTION_LIMIT = 5;

    public HybridSettings {
        if (stickySlots < 0) {
            throw new IllegalArgumentException("sticky slots must be >= 0, got " + stickySlots);
        }
        if (evictionLimit < 0) {
            throw new IllegalArgumentException("eviction limit must be >= 0, got " + evictionLimit);
        }
    }

    /** No sticky slots, no limit, our default readings (section 3.2's victim rule as written). */
    public static HybridSettings defaults(long seed) {
        return new HybridSettings(0, 0, EvictionRule.BY_EVICTOR, RegularOrder.ARRIVAL, seed);
    }

    public HybridSettings withStickySlots(int n) {
        return new HybridSettings(n, evictionLimit, victimRule, regularOrder, seed);
    }

    public HybridSettings withEvictionLimit(int n) {
        return new HybridSettings(stickySlots, n, victimRule, regularOrder, seed);
    }

    public HybridSettings withVictimRule(EvictionRule rule) {
        return new HybridSettings(stickySlots, evictionLimit, rule, regularOrder, seed);
    }

    public HybridSettings withRegularOrder(RegularOrder order) {
        return new HybridSettings(stickySlots, evictionLimit, victimRule, order, seed);
    }
}
