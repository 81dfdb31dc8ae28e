package org.overbookd.sim.requests;

import java.util.Comparator;

/**
 * A future event. Events are totally ordered by time, kind, then insertion sequence, so equal
 * inputs and seed always replay the same history.
 */
record SimEvent(double time, Kind kind, long seq, Object subject, int epoch) {

    /** Declaration order is the order at one instant: resources freed before they are asked for. */
    enum Kind { ALLOCATED, COMPLETION, HOST_REMOVE, HOST_ADD, ARRIVAL, WATCHDOG, INTERVAL }

    static final Comparator<SimEvent> ORDER = Comparator.comparingDouble(SimEvent::time)
            .thenComparing(SimEvent::kind)
            .thenComparingLong(SimEvent::seq);
}
