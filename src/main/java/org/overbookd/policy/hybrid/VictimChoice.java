package org.overbookd.policy.hybrid;

/**
 * The task a queued task may evict when no slot is free (section 3.2): one of strictly lower
 * priority, never one under a sticky label, picked by the {@link EvictionRule}. A production task
 * evicts from the most powerful tier that has a candidate before looking at the next tier, so the
 * powerful slots end up holding the production work that needs them.
 */
final class VictimChoice {

    private final EvictionRule rule;

    VictimChoice(EvictionRule rule) {
        this.rule = rule;
    }

    /** The victim for {@code evictor}, or null when every running task is sticky or not of lower priority. */
    RunningTask victimFor(SlotView view, QueuedTask evictor) {
        int below = evictor.priority();
        if (Priorities.isProduction(below)) {
            for (int tier = 0; tier < view.tiers(); tier++) {
                RunningTask victim = pick(view, tier, tier + 1, below, rule.lowestClassFirst(below));
                if (victim != null) {
                    return victim;
                }
            }
            return null;
        }
        return pick(view, 0, view.tiers(), below, rule.lowestClassFirst(below));
    }

    private RunningTask pick(SlotView view, int fromTier, int toTier, int below, boolean lowestClassFirst) {
        RunningTask best = null;
        for (int priority = Priorities.LOWEST; priority < below; priority++) {
            for (int tier = fromTier; tier < toTier; tier++) {
                RunningTask candidate = view.youngestEvictable(tier, priority);
                if (candidate != null && (best == null || candidate.startOrder() > best.startOrder())) {
                    best = candidate;
                }
            }
            if (best != null && lowestClassFirst) {
                return best;
            }
        }
        return best;
    }
}
