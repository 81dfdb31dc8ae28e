package org.overbookd.policy.hybrid;

import java.util.SplittableRandom;
import org.overbookd.random.Seeds;

/**
 * Which free slot a task gets (section 3.2): a production task the most powerful one free, any other
 * task a randomly chosen one. Within the most powerful tier that has a free slot the production
 * task's slot is random too, so that no server is favoured by its place in the list.
 *
 * <p>The randomness is a pure function of the seed, the task and how many times it was evicted
 * (each placement of a task is a fresh draw), not a stream consumed in call order: the same view
 * gives the same slot, and one task's draw does not shift another's.
 */
final class SlotChoice {

    /** The role of slot choice among the run's sources of randomness (see {@link Seeds}). */
    static final long ROLE = 0x534c4f54L;

    private final long seed;

    SlotChoice(long seed) {
        this.seed = seed;
    }

    /** The server of the slot {@code task} should take; the view must have a free slot. */
    int serverFor(SlotView view, QueuedTask task) {
        if (Priorities.isProduction(task.priority())) {
            for (int tier = 0; tier < view.tiers(); tier++) {
                int free = view.freeSlots(tier);
                if (free > 0) {
                    return view.freeSlotServer(tier, draw(task, free));
                }
            }
        }
        int k = draw(task, view.freeSlots());
        for (int tier = 0; tier < view.tiers(); tier++) {
            int free = view.freeSlots(tier);
            if (k < free) {
                return view.freeSlotServer(tier, k);
            }
            k -= free;
        }
        throw new IllegalStateException("no free slot for task " + task.index());
    }

    private int draw(QueuedTask task, int bound) {
        SplittableRandom random = Seeds.stream(seed, ROLE, task.index(), task.evictions());
        return random.nextInt(bound);
    }
}
