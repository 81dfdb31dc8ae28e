package org.overbookd.sim.requests;

/**
 * The kinds of event of the request model, for the engine's queue (time, kind, then insertion
 * order: equal inputs and seed always replay the same history). Declaration order is the order at
 * one instant: resources freed before they are asked for.
 */
enum RequestEvent {
    ALLOCATED,
    COMPLETION,
    HOST_REMOVE,
    HOST_ADD,
    ARRIVAL,
    WATCHDOG,
    INTERVAL;

    private static final RequestEvent[] BY_ORDINAL = values();

    /** The kind the queue holds as its ordinal. */
    static RequestEvent of(int ordinal) {
        return BY_ORDINAL[ordinal];
    }
}
