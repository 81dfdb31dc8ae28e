package org.overbookd.sim.requests;

import java.util.Comparator;

/**
 * A future event. Events are totally ordered by time, kind, then insertion sequence, so equal
 * inputs and seed always replay the same history.
 */
record SimEvent(double time, Kind kind, long seq, Object subject, int epoch) {

    /** Declaration order is the order at one instant: resources freed before they are asked for. */
    enum Kind { ALLOCATED, COMPLETION, HOST_REMOVE, HOST_ADD, ARRIVAL, WATCHDOG, INTERVAL }

    /** Written out rather than composed: a month polls the queue some hundred million times. */
    static final Comparator<SimEvent> ORDER = (a, b) -> {
        int c = Double.compare(a.time, b.time);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(a.kind.ordinal(), b.kind.ordinal());
        return c != 0 ? c : Long.compare(a.seq, b.seq);
    };
}
