package org.overbookd.policy.cluster;

import java.time.Instant;
import java.util.List;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.Decider;

/**
 * The overbooking contract: the policy of the overbooking loop (Verboven et al.'s model, and the
 * daemon), asked with the whole observed cluster and answering with Deploy, Resume and Suspend
 * {@link Decision}s. Named for its view, as the other models' contracts are (SlotPolicy,
 * RequestPolicy, TypeScheduler); OverbookingPolicy is its one registered implementation in the tree
 * ({@link NamedClusterPolicy}: the registry chooses it by name, as overbooking.policy says). It is
 * pure code over a read-only view. It does no I/O, reads no clock and owns no
 * randomness beyond what it is constructed with, so the simulator and the daemon run the same
 * policy and get the same decisions from the same view.
 *
 * <p>It has the shape of every policy ({@link Decider}: view in, decisions out); its view is the
 * observed cluster with the instant it was observed at, so it is asked with both.
 */
public interface ClusterPolicy extends Decider<ClusterPolicy.Observation, Decision> {

    /** The cluster as observed, and when. */
    record Observation(ClusterView view, Instant now) {}

    /**
     * All a step decided: the decisions to enact, in order, the decisions its guards held back and
     * those made although a guard would have held them back (it yielded to the upper bound).
     */
    record StepDecisions(List<Decision> decisions, List<HeldBack> held, List<Yielded> yielded) {
        public StepDecisions {
            decisions = List.copyOf(decisions);
            held = List.copyOf(held);
            yielded = List.copyOf(yielded);
        }

        /** Decisions alone: nothing held back, no guard yielded. */
        public static StepDecisions of(List<Decision> decisions) {
            return new StepDecisions(decisions, List.of(), List.of());
        }
    }

    @Override
    default List<Decision> decide(Observation observation) {
        return decide(observation.view(), observation.now());
    }

    /** Decisions in the order they should be enacted. */
    List<Decision> decide(ClusterView view, Instant now);

    /**
     * {@link #decide} with what its guards held back and where they yielded; a policy without guards
     * holds nothing back. The decisions are those {@link #decide} returns.
     */
    default StepDecisions decideStep(ClusterView view, Instant now) {
        return StepDecisions.of(decide(view, now));
    }
}
