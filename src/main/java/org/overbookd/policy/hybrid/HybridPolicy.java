package org.overbookd.policy.hybrid;

import java.util.Comparator;
import java.util.List;
import org.overbookd.policy.Argument;
import org.overbookd.policy.PluginFactory;

/**
 * HYBRID of Çavdar et al. (section 3), and PRI and PRI-N as its special cases.
 *
 * <p>While a sticky label is free (sticky phase) the queue is served in order of first arrival and
 * the task takes a free slot under that label: it will never be evicted. When every label is taken
 * (regular phase) the queue is served by priority, then arrival ({@link RegularOrder}); the head takes a free slot,
 * or if none is free evicts a lower-priority task that is not sticky (see {@link VictimChoice}).
 * Taking the last label switches to the regular phase and a sticky task's completion, which frees
 * its label, switches back: the phase is read from the view on every call, never remembered.
 *
 * <p>The sticky phase also needs a free slot: it never evicts (it is the non-preemptive FCFS part).
 * Section 3 decides the phase by labels alone and so leaves open what to do when a label is free
 * but no slot is; that state cannot arise, because free labels never outnumber free slots: a
 * sticky placement takes one of each, a regular placement happens only when no label is free, an
 * eviction hands its slot straight to the evictor, and a completion frees a slot (and its label if
 * it was sticky). The fall-through to the regular phase below is therefore never taken
 * (EvictionAnatomyTest counts it), and a non-preemptive reading of that state would give the same
 * runs.
 *
 * <p>The regular order is the policy's ({@link #regularOrder()}); the simulator keeps its queue
 * index in it, so {@link SlotView#topQueued()} is the head in that order.
 *
 * <p>PRI is HYBRID with no sticky labels; PRI-N is PRI that drops a task at its N-th preemption.
 */
public final class HybridPolicy implements SlotPolicy {

    /** HYBRID's sticky labels; the settings' value is replaced by it. */
    public static final Argument<Integer> STICKY_SLOTS = Argument.atLeast(
            "sticky-slots",
            "Sticky slots of HYBRID (default " + HybridSettings.PAPER_STICKY_SLOTS + ", as the paper).",
            HybridSettings.PAPER_STICKY_SLOTS,
            0);
    /** PRI-N's N; the settings' value is replaced by it. */
    public static final Argument<Integer> EVICTION_LIMIT = Argument.atLeast(
            "eviction-limit",
            "PRI-N: a task is dropped at its N-th eviction (default " + HybridSettings.PAPER_EVICTION_LIMIT
                    + ", the paper's PRI5).",
            HybridSettings.PAPER_EVICTION_LIMIT,
            1);

    /** HYBRID: its settings with {@link #STICKY_SLOTS} labels. */
    public static final PluginFactory<HybridSettings, SlotPolicy> HYBRID = new PluginFactory<>(
            "hybrid",
            List.of(STICKY_SLOTS),
            (s, args) -> new HybridPolicy("hybrid", s.withStickySlots(args.get(STICKY_SLOTS))));
    /** PRI: its settings as they are. */
    public static final PluginFactory<HybridSettings, SlotPolicy> PRI =
            PluginFactory.of("pri", s -> new HybridPolicy("pri", s));
    /** PRI-N: its settings with the {@link #EVICTION_LIMIT}. */
    public static final PluginFactory<HybridSettings, SlotPolicy> PRI_N = new PluginFactory<>(
            "pri-n",
            List.of(EVICTION_LIMIT),
            (s, args) -> new HybridPolicy("pri-n", s.withEvictionLimit(args.get(EVICTION_LIMIT))));

    private final String name;
    private final HybridSettings settings;
    private final EvictionLimit limit;
    private final SlotChoice slots;
    private final VictimChoice victims;

    public HybridPolicy(String name, HybridSettings settings) {
        this.name = name;
        this.settings = settings;
        this.limit = new EvictionLimit(settings.evictionLimit());
        this.slots = new SlotChoice(settings.seed());
        this.victims = new VictimChoice(settings.victimRule());
    }

    /** HYBRID with {@code stickySlots} labels (the paper uses 200) and no eviction limit. */
    public static HybridPolicy hybrid(int stickySlots, long seed) {
        return new HybridPolicy("hybrid", HybridSettings.defaults(seed).withStickySlots(stickySlots));
    }

    /** PRI: fully preemptive priority scheduling. */
    public static HybridPolicy pri(long seed) {
        return new HybridPolicy("pri", HybridSettings.defaults(seed));
    }

    /** PRI-N: PRI that drops a task at its {@code limit}-th preemption (the paper's PRI5 has 5). */
    public static HybridPolicy priN(int limit, long seed) {
        if (limit < 1) {
            throw new IllegalArgumentException("eviction limit must be >= 1, got " + limit);
        }
        return new HybridPolicy("pri-n", HybridSettings.defaults(seed).withEvictionLimit(limit));
    }

    public HybridSettings settings() {
        return settings;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int stickySlots() {
        return settings.stickySlots();
    }

    @Override
    public int evictionLimit() {
        return settings.evictionLimit();
    }

    @Override
    public Comparator<QueuedTask> regularOrder() {
        return settings.regularOrder().comparator();
    }

    @Override
    public List<SlotDecision> decide(SlotView view) {
        if (view.queueEmpty()) {
            return List.of();
        }
        if (view.stickyInUse() < settings.stickySlots() && view.freeSlots() > 0) {
            QueuedTask oldest = view.oldestQueued();
            return List.of(new SlotDecision.Place(oldest.index(), slots.serverFor(view, oldest), true, Phase.STICKY));
        }
        QueuedTask top = view.topQueued();
        if (view.freeSlots() > 0) {
            return List.of(new SlotDecision.Place(top.index(), slots.serverFor(view, top), false, Phase.REGULAR));
        }
        RunningTask victim = victims.victimFor(view, top);
        if (victim == null) {
            return List.of();
        }
        return List.of(
                limit.preempt(victim), new SlotDecision.Place(top.index(), victim.server(), false, Phase.REGULAR));
    }
}
