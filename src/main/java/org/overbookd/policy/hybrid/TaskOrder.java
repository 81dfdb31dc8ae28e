package org.overbookd.policy.hybrid;

import java.util.Comparator;

/**
 * The orders in which HYBRID serves the central queue (section 3). Ties end on the task index so
 * that every order is total and runs are reproducible. Written out rather than composed from
 * {@code Comparator.comparing...}: the simulator's queue indexes call them a few million times a
 * run, and the plain form is several times faster before the JIT has warmed up.
 */
public final class TaskOrder {

    /**
     * Sticky phase: ascending first arrival, so tasks that have waited and been evicted longest go
     * first. The first arrival is kept across evictions.
     */
    public static final Comparator<QueuedTask> FIRST_ARRIVAL = (a, b) -> {
        int c = Double.compare(a.firstArrival(), b.firstArrival());
        return c != 0 ? c : Integer.compare(a.index(), b.index());
    };

    /**
     * Regular phase, as the paper words it: descending priority, then ascending arrival time, the
     * time the task (re-)entered the queue. An evicted task goes behind the tasks of its class
     * that were already waiting; its early first arrival counts in the sticky phase only.
     */
    public static final Comparator<QueuedTask> PRIORITY_THEN_ARRIVAL = (a, b) -> {
        int c = Integer.compare(b.priority(), a.priority());
        if (c == 0) {
            c = Double.compare(a.lastArrival(), b.lastArrival());
        }
        return c != 0 ? c : FIRST_ARRIVAL.compare(a, b);
    };

    /** Regular phase, the other reading: descending priority, then ascending first arrival. */
    public static final Comparator<QueuedTask> PRIORITY_THEN_FIRST_ARRIVAL = (a, b) -> {
        int c = Integer.compare(b.priority(), a.priority());
        return c != 0 ? c : FIRST_ARRIVAL.compare(a, b);
    };

    private TaskOrder() {}
}
