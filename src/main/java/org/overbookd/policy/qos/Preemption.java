package org.overbookd.policy.qos;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Extension point PostFilter: when an instance does not fit in a host's free resources, which of
 * the host's instances to preempt for it, in order, or null when no eligible set frees enough.
 */
public interface Preemption {

    List<Candidate> victims(Candidate j, NodeState node, SplittableRandom random);

    /**
     * A cheap necessary condition for {@link #victims} to succeed on a host, or anywhere, given
     * the summary of the preemptible instances there, so a scan can pass over places where no
     * instance could be eligible. True unless known false.
     */
    default boolean mayFree(Candidate j, Residents residents) {
        return true;
    }

    /** The host's summary, its preemption order built as this plugin builds it. */
    default Residents summary(NodeState node, SplittableRandom random) {
        return Residents.of(node.residents());
    }
}
