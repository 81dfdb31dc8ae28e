package org.overbookd.policy.qos;

import java.util.Comparator;

/** Extension point QueueSort: the order in which a pass considers pending instances. */
public interface QueueSort {

    Comparator<Candidate> order();

    /** Whether the order can change with time alone (see {@link Preemption#dependsOnTime}). */
    default boolean dependsOnTime() {
        return true;
    }
}
