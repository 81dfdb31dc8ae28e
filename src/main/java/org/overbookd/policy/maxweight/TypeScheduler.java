package org.overbookd.policy.maxweight;

/**
 * A non-preemptive VM-type scheduler, driven by the events of the model: arrivals, departures and,
 * for schedulers that sample at random times, a timer of their own. Each hook may start VMs through
 * {@link TypedView#start}; the simulator calls the hooks in its total event order.
 */
public interface TypeScheduler {

    /** Name used in output files: maxweight, m14, g16, best-fit. */
    String name();

    /** Called once at time 0 on an empty cluster with empty queues. */
    void begin(TypedView cluster, double now);

    /** A VM of this type has just joined the tail of its queue. */
    void arrived(TypedView cluster, int type, double now);

    /** A VM of this type has just left this server (its resources are already free). */
    void departed(TypedView cluster, int server, int type, double now);

    /** When {@link #timer} next wants to run; +infinity for never. Asked after every event. */
    default double nextTimer() {
        return Double.POSITIVE_INFINITY;
    }

    default void timer(TypedView cluster, double now) {
    }
}
