package org.overbookd.policy.maxweight;

/**
 * What a VM-type scheduler is shown: the cluster as it is after an event of the model, that event,
 * and the time. The simulator shows its events in their total order.
 */
public sealed interface TypeEvent permits TypeEvent.Begin, TypeEvent.Arrival, TypeEvent.Departure, TypeEvent.Timer {

    /** The cluster after the event, read-only. */
    TypedView view();

    double now();

    /** Time 0: an empty cluster with empty queues. */
    record Begin(TypedView view, double now) implements TypeEvent {}

    /** A VM of this type has just joined the tail of its queue. */
    record Arrival(TypedView view, int type, double now) implements TypeEvent {}

    /** A VM of this type has just left this server (its resources are already free). */
    record Departure(TypedView view, int server, int type, double now) implements TypeEvent {}

    /** The scheduler's own timer, at the time {@link TypeScheduler#nextTimer} asked for. */
    record Timer(TypedView view, double now) implements TypeEvent {}
}
