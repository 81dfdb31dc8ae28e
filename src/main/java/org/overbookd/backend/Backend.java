package org.overbookd.backend;

import java.time.Instant;
import java.util.List;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.cluster.Decision;

/**
 * The applier of the loop: observes a virtual infrastructure manager and enacts decisions on it.
 * The simulator and OpenNebula implement the same contract, so a policy cannot tell them apart.
 */
public interface Backend {

    /** Hosts, their measured utilization and the low-QoS queue as of {@code now}. */
    ClusterView observe(Instant now) throws BackendException;

    /**
     * Carries out the decisions in order, one outcome per decision in the same order. A decision
     * that cannot be carried out is reported, not thrown, so the rest still run.
     */
    List<Outcome> enact(List<Decision> decisions, Instant now);

    /**
     * Earlier {@link Outcome.Status#UNKNOWN} outcomes that the last {@link #observe} settled, each
     * with the original decision and the status it really had ({@code OK}: it happened;
     * {@code FAILED}: it did not), returned once. A backend whose calls cannot be lost has none.
     */
    default List<Outcome> settled() {
        return List.of();
    }

    /**
     * Queued low-QoS VMs that the last {@link #observe} found may run on no host, each once when that
     * begins (or when its reason changes), for the audit. A backend without placement rules of its own
     * (the simulator) has none.
     */
    default List<UnmatchedVm> unmatched() {
        return List.of();
    }
}
