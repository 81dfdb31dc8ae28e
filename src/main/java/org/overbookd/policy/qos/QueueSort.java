package org.overbookd.policy.qos;

import java.util.Comparator;
import org.overbookd.policy.Plugin;

/**
 * Extension point QueueSort: the order in which a pass considers pending instances. This is all a
 * new queue sort must implement; saying that its order cannot change with time alone is an
 * optional extension, {@link QueueSortSpeedUp}.
 */
public interface QueueSort extends Plugin {

    Comparator<Candidate> order();
}
