package org.overbookd.policy.qos;

import java.util.List;
import org.overbookd.policy.Plugin;

/**
 * Extension point PostFilter: when an instance does not fit in a host's free resources, which of
 * the host's instances to preempt for it, in order, or null when no eligible set frees enough.
 * The host's residents are this pass's exact views; the pass orders equal values by its own
 * pseudo-random rank ({@link Pass#tieRank}). This is all a new preemption plugin must implement;
 * the cheap checks that let a pass skip hosts are an optional extension, {@link PreemptionSpeedUp}.
 */
public interface Preemption extends Plugin {

    List<Candidate> victims(Candidate j, NodeState node, Pass pass);
}
