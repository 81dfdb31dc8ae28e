package org.overbookd.policy;

import java.util.List;

/**
 * The one shape of every policy: a pure function from a read-only view to decisions as data. The
 * view is what the model shows the policy at one instant (and, for event-driven models, the event
 * that prompted the call); the decisions are immutable records the model then applies, in order,
 * checking each against its rules. A policy never changes the world it looks at. It may keep state of
 * its own (an index for speed, a configuration it remembers), changed only by what the views it is
 * shown report and by its own decisions. Every policy the registry holds is also a {@link Plugin},
 * with the name it is chosen by; the contract itself asks for no name, so that a test can still
 * write a policy as a lambda.
 *
 * <p>The decision types differ per model: cluster.Decision (the overbooking loop: deploy, resume,
 * suspend), hybrid.SlotDecision (place, evict, drop), qos.Allocation (preempt, then allocate) and
 * maxweight.Start (start a waiting VM).
 *
 * @param <V> the read-only view
 * @param <D> the decision records
 */
public interface Decider<V, D> {

    /** The decisions, in the order the model must apply them; empty for none. */
    List<D> decide(V view);
}
