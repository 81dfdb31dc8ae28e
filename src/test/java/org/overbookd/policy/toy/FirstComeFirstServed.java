package org.overbookd.policy.toy;

import java.util.Comparator;
import java.util.List;
import org.overbookd.policy.Argument;
import org.overbookd.policy.PluginFactory;
import org.overbookd.policy.hybrid.HybridSettings;
import org.overbookd.policy.hybrid.Phase;
import org.overbookd.policy.hybrid.QueuedTask;
import org.overbookd.policy.hybrid.SlotDecision;
import org.overbookd.policy.hybrid.SlotPolicy;
import org.overbookd.policy.hybrid.SlotView;
import org.overbookd.policy.hybrid.TaskOrder;

/**
 * A toy policy of the slot model, kept outside the tree's policies to show what adding one takes:
 * this package (the policy, its argument, its factory) and one registry line. It serves the queue
 * in order of first arrival, never evicts, and keeps {@link #RESERVE} slots free (an admission
 * limit): with a reserve of R it runs at most (slots - R) tasks at once.
 */
public final class FirstComeFirstServed implements SlotPolicy {

    public static final Argument<Integer> RESERVE =
            Argument.atLeast("reserve", "Slots kept free: a task starts only while more are free (default 0).", 0, 0);

    public static final PluginFactory<HybridSettings, SlotPolicy> FACTORY = new PluginFactory<>(
            "fcfs", List.of(RESERVE), (settings, args) -> new FirstComeFirstServed(args.get(RESERVE)));

    private final int reserve;

    private FirstComeFirstServed(int reserve) {
        this.reserve = reserve;
    }

    @Override
    public String name() {
        return "fcfs";
    }

    @Override
    public int stickySlots() {
        return 0;
    }

    @Override
    public int evictionLimit() {
        return 0;
    }

    @Override
    public Comparator<QueuedTask> regularOrder() {
        return TaskOrder.FIRST_ARRIVAL;
    }

    @Override
    public List<SlotDecision> decide(SlotView view) {
        if (view.queueEmpty() || view.freeSlots() <= reserve) {
            return List.of();
        }
        for (int tier = 0; tier < view.tiers(); tier++) {
            if (view.freeSlots(tier) > 0) {
                return List.of(new SlotDecision.Place(
                        view.oldestQueued().index(), view.freeSlotServer(tier, 0), false, Phase.REGULAR));
            }
        }
        return List.of();
    }
}
