package org.overbookd.sim.slots;

import java.util.PriorityQueue;

/**
 * Future events of a run in a total order: time, then kind (completions before arrivals at the same
 * instant, so a slot freed at t is free for what arrives at t), then insertion order. A total order
 * is what makes the same inputs give the same bytes.
 */
final class SlotEvents {

    static final int COMPLETION = 0;
    static final int ARRIVAL = 1;

    /**
     * {@code subject} is a server for a completion, a task for an arrival. {@code rank} packs the
     * kind above the insertion sequence, so one comparison of longs settles both.
     */
    record Event(double time, long rank, int subject, int version) {
        int kind() {
            return (int) (rank >>> KIND_SHIFT);
        }
    }

    private static final int KIND_SHIFT = 56;

    private final PriorityQueue<Event> queue = new PriorityQueue<>(1024, (a, b) -> {
        int c = Double.compare(a.time, b.time);
        return c != 0 ? c : Long.compare(a.rank, b.rank);
    });
    private long seq;

    void add(double time, int kind, int subject, int version) {
        queue.add(new Event(time, ((long) kind << KIND_SHIFT) | seq++, subject, version));
    }

    Event poll() {
        return queue.poll();
    }

    boolean isEmpty() {
        return queue.isEmpty();
    }

    /** Time of the next event; only when not empty. */
    double nextTime() {
        return queue.peek().time();
    }
}
