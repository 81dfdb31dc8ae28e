package org.overbookd.sim.slots;

import java.util.Comparator;
import java.util.List;
import org.overbookd.policy.hybrid.QueuedTask;
import org.overbookd.policy.hybrid.SlotDecision;
import org.overbookd.policy.hybrid.SlotPolicy;
import org.overbookd.policy.hybrid.SlotView;

/** A real policy that tests watch: every plan is shown, with the view it was made on, before the simulator carries it out. */
abstract class WatchedPolicy implements SlotPolicy {

    private final SlotPolicy inner;

    WatchedPolicy(SlotPolicy inner) {
        this.inner = inner;
    }

    /** Called with each plan, the view still as it was when the plan was made. */
    abstract void watch(SlotView view, List<SlotDecision> plan);

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public int stickySlots() {
        return inner.stickySlots();
    }

    @Override
    public int evictionLimit() {
        return inner.evictionLimit();
    }

    @Override
    public Comparator<QueuedTask> regularOrder() {
        return inner.regularOrder();
    }

    @Override
    public final List<SlotDecision> decide(SlotView view) {
        List<SlotDecision> plan = inner.decide(view);
        watch(view, plan);
        return plan;
    }
}
