package org.overbookd.loop;

import java.util.Optional;

/**
 * Asked right before a cycle enacts its (already recorded) decisions: may this process act now?
 * A daemon in a high-availability pair answers no once it has lost the writer's lease, so that a
 * process paused mid-cycle (a long GC, SIGSTOP, a cut to the database) never wakes up and enacts a
 * stale plan after another node took over.
 */
@FunctionalInterface
public interface EnactGate {

    /** Always open: a single daemon, the simulator. */
    EnactGate OPEN = Optional::empty;

    /** Empty when this process may enact now; otherwise why not, in words for the audit. */
    Optional<String> refusal();

    /**
     * {@link #refusal()} for a batch of {@code actions} decisions, for gates whose answer depends on
     * how long the enactment may take (a lease must outlast it).
     */
    default Optional<String> refusal(int actions) {
        return refusal();
    }
}
