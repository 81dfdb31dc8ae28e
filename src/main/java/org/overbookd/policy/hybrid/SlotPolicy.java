package org.overbookd.policy.hybrid;

import java.util.Comparator;
import java.util.List;
import org.overbookd.policy.Decider;
import org.overbookd.policy.Plugin;

/**
 * A scheduling policy for the slot model: pure code over a read-only view. Each call plans one
 * dispatch (a placement, with the eviction or drop that makes room for it) or nothing; the simulator
 * carries it out and asks again until the answer is empty. One dispatch per call keeps the policy
 * free of any copy of the cluster's state while it plans.
 */
public interface SlotPolicy extends Decider<SlotView, SlotDecision>, Plugin {

    /** Sticky labels the policy hands out; 0 for a purely preemptive one. */
    int stickySlots();

    /** Evictions at which a task is dropped instead of requeued; 0 for never. */
    int evictionLimit();

    /** The order of the queue in the regular phase, which {@link SlotView#topQueued()} follows. */
    Comparator<QueuedTask> regularOrder();

    /**
     * The next dispatch in the order it must be carried out; empty when nothing more can start now.
     * Its name ({@link #name()}) is the one used on the command line, in tables and files: hybrid,
     * pri, pri-n.
     */
    @Override
    List<SlotDecision> decide(SlotView view);
}
