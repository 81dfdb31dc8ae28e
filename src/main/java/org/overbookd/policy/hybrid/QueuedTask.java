package org.overbookd.policy.hybrid;

/** A task waiting in the central scheduling queue, as a policy sees it. */
public interface QueuedTask {

    /** The task's identity within a run (its position in the trace). */
    int index();

    /** 0 (lowest) to 11. */
    int priority();

    /** Seconds since the start of the run at which the task first entered the queue; evictions keep it. */
    double firstArrival();

    /** Seconds at which the task last entered the queue: its first arrival, or its last eviction. */
    double lastArrival();

    /** How many times the task has been evicted so far. */
    int evictions();
}
