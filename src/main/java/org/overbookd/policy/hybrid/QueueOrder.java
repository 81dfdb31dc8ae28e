package org.overbookd.policy.hybrid;

import java.util.Comparator;

/**
 * The orders in which HYBRID serves the central queue (section 3). Ties end on the task index so
 * that every order is total and runs are reproducible.
 */
public final class QueueOrder {

    /**
     * Sticky phase: ascending first arrival, so tasks that have waited and been evicted longest go
     * first. The first arrival is kept across evictions.
     */
    public static final Comparator<QueuedTask> FIRST_ARRIVAL = Comparator
            .comparingDouble(QueuedTask::firstArrival)
            .thenComparingInt(QueuedTask::index);

    /**
     * Regular phase, as the paper words it: descending priority, then ascending arrival time, the
     * time the task (re-)entered the queue. An evicted task goes behind the tasks of its class
     * that were already waiting; its early first arrival counts in the sticky phase only.
     */
    public static final Comparator<QueuedTask> PRIORITY_THEN_ARRIVAL = Comparator
            .comparingInt(QueuedTask::priority).reversed()
            .thenComparingDouble(QueuedTask::lastArrival)
            .thenComparing(FIRST_ARRIVAL);

    /** Regular phase, the other reading: descending priority, then ascending first arrival. */
    public static final Comparator<QueuedTask> PRIORITY_THEN_FIRST_ARRIVAL = Comparator
            .comparingInt(QueuedTask::priority).reversed()
            .thenComparing(FIRST_ARRIVAL);

    private QueueOrder() {
    }
}
