package org.overbookd.backend.simulated;

import java.util.PriorityQueue;

/**
 * Future events on the virtual clock, in a total order: time, then kind (VM operations and
 * completions before load draws at the same instant), then insertion order. A total order is what
 * makes equal seeds give equal bytes. Overbooking steps are not queued: the driver runs them
 * between {@link Lifecycle#advance} calls, after every event at the step's instant.
 *
 * <p>Only VM lifecycle events and the load tick live here; per-VM load draws are done in one sweep
 * per tick, so the queue stays small (about one entry per running VM) even at 12,500 hosts.
 */
final class EventQueue {

    static final int OP_DONE = 0;
    static final int FINISH = 1;
    static final int LOAD = 2;

    record Event(long time, int kind, long seq, SimVm vm, int version) {
    }

    private final PriorityQueue<Event> queue = new PriorityQueue<>(1024, (a, b) -> {
        int c = Long.compare(a.time, b.time);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(a.kind, b.kind);
        return c != 0 ? c : Long.compare(a.seq, b.seq);
    });
    private long seq;

    void add(long time, int kind, SimVm vm, int version) {
        queue.add(new Event(time, kind, seq++, vm, version));
    }

    Event poll() {
        return queue.poll();
    }

    Event peek() {
        return queue.peek();
    }

    int size() {
        return queue.size();
    }
}
