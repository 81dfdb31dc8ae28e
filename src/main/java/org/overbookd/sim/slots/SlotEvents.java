package org.overbookd.sim.slots;

import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * Future events of a run in a total order: time, then kind (completions before arrivals at the same
 * instant, so a slot freed at t is free for what arrives at t), then insertion order. A total order
 * is what makes the same inputs give the same bytes.
 */
final class SlotEvents {

    static final int COMPLETION = 0;
    static final int ARRIVAL = 1;

    /** {@code subject} is a server for a completion, a task for an arrival. */
    record Event(double time, int kind, long seq, int subject, int version) {
    }

    private static final Comparator<Event> ORDER = Comparator.comparingDouble(Event::time)
            .thenComparingInt(Event::kind).thenComparingLong(Event::seq);

    private final PriorityQueue<Event> queue = new PriorityQueue<>(1024, ORDER);
    private long seq;

    void add(double time, int kind, int subject, int version) {
        queue.add(new Event(time, kind, seq++, subject, version));
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
