package org.overbookd.policy.hybrid;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A hand-built {@link SlotView} for policy tests: servers with a tier and free slots, queued and
 * running tasks. Linear scans are fine at this size; the simulator's indexes are tested on their own.
 */
final class FakeView implements SlotView {

    record Queued(int index, int priority, double firstArrival, double lastArrival, int evictions)
            implements QueuedTask {}

    record Running(int index, int priority, int evictions, int server, boolean sticky, long startOrder)
            implements RunningTask {}

    private final List<Integer> serverTier = new ArrayList<>();
    private final List<Integer> serverFree = new ArrayList<>();
    private final List<Queued> queue = new ArrayList<>();
    private final List<Running> running = new ArrayList<>();
    private final Comparator<QueuedTask> regularOrder;
    private int tiers;
    private int nextIndex;
    private long nextStart;

    FakeView(Comparator<QueuedTask> regularOrder) {
        this.regularOrder = regularOrder;
    }

    FakeView() {
        this(RegularOrder.ARRIVAL.comparator());
    }

    /** Adds a server; returns its index. */
    int server(int tier, int freeSlots) {
        serverTier.add(tier);
        serverFree.add(freeSlots);
        tiers = Math.max(tiers, tier + 1);
        return serverTier.size() - 1;
    }

    Queued queued(int priority, double firstArrival) {
        return queued(priority, firstArrival, firstArrival, 0);
    }

    Queued queued(int priority, double firstArrival, double lastArrival, int evictions) {
        Queued q = new Queued(nextIndex++, priority, firstArrival, lastArrival, evictions);
        queue.add(q);
        return q;
    }

    /** A running task started after every task added before it. */
    Running running(int priority, int server, boolean sticky) {
        return running(priority, server, sticky, 0);
    }

    Running running(int priority, int server, boolean sticky, int evictions) {
        Running r = new Running(nextIndex++, priority, evictions, server, sticky, nextStart++);
        running.add(r);
        return r;
    }

    @Override
    public boolean queueEmpty() {
        return queue.isEmpty();
    }

    @Override
    public QueuedTask oldestQueued() {
        return queue.stream().min(TaskOrder.FIRST_ARRIVAL).orElse(null);
    }

    @Override
    public QueuedTask topQueued() {
        return queue.stream().min(regularOrder).orElse(null);
    }

    @Override
    public int stickyInUse() {
        return (int) running.stream().filter(Running::sticky).count();
    }

    @Override
    public int tiers() {
        return tiers;
    }

    @Override
    public int freeSlots() {
        return serverFree.stream().mapToInt(Integer::intValue).sum();
    }

    @Override
    public int freeSlots(int tier) {
        int n = 0;
        for (int s = 0; s < serverTier.size(); s++) {
            n += serverTier.get(s) == tier ? serverFree.get(s) : 0;
        }
        return n;
    }

    @Override
    public int freeSlotServer(int tier, int k) {
        for (int s = 0; s < serverTier.size(); s++) {
            if (serverTier.get(s) == tier) {
                if (k < serverFree.get(s)) {
                    return s;
                }
                k -= serverFree.get(s);
            }
        }
        throw new IndexOutOfBoundsException(k);
    }

    @Override
    public RunningTask youngestEvictable(int tier, int priority) {
        return running.stream()
                .filter(r -> !r.sticky() && r.priority() == priority && serverTier.get(r.server()) == tier)
                .max(Comparator.comparingLong(Running::startOrder))
                .orElse(null);
    }
}
