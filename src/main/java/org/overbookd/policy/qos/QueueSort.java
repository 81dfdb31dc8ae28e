package org.overbookd.policy.qos;

import java.util.Comparator;
import org.overbookd.policy.Plugin;

/** Extension point QueueSort: the order in which a pass considers pending instances. */
public interface QueueSort extends Plugin {

    Comparator<Candidate> order();

    /** Whether the order can change with time alone (see {@link PreemptionSpeedUp#dependsOnTime}). */
    default boolean dependsOnTime() {
        return true;
    }
}
