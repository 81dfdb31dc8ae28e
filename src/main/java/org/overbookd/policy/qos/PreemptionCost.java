package org.overbookd.policy.qos;

import java.util.List;
import org.overbookd.policy.Plugin;

/**
 * Extension point Score, for hosts that need preemptions: a cost tuple compared lexicographically,
 * smaller is better (eq. 9 for the QoS-driven policy).
 */
public interface PreemptionCost extends Plugin {

    double[] cost(Candidate j, List<Candidate> victims);
}
