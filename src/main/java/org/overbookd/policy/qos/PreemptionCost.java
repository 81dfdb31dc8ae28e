package org.overbookd.policy.qos;

import java.util.List;

/**
 * Extension point Score, for hosts that need preemptions: a cost tuple compared lexicographically,
 * smaller is better (eq. 9 for the QoS-driven policy).
 */
public interface PreemptionCost {

    double[] cost(Candidate j, List<Candidate> victims);
}
