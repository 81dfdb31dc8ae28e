package org.overbookd.backend;

import java.util.Optional;

/**
 * Asked by a backend right before each action of a batch: may this process still act? The batch as
 * a whole was allowed before it began (the loop's gate); this is for what changes while it is sent.
 * A daemon in a high-availability group answers no once its writer lease is gone or nearly spent, so
 * that a process paused in the middle of a batch (SIGSTOP, a long GC) does not wake up and send the
 * rest of it after another node took over. The answer must be local and quick: no round trip.
 */
@FunctionalInterface
public interface ActionCheck {

    /**
     * The outcome code of a decision not enacted because this process may no longer act: refused
     * here, before one action of a batch, or by the loop's gate before the whole batch.
     */
    String STOOD_DOWN = "STOOD_DOWN";

    /** Always yes: a single daemon, the simulator, the tests of one class. */
    ActionCheck ALWAYS = Optional::empty;

    /** Empty when the next action may be sent; otherwise why not, in words for the audit. */
    Optional<String> refusal();
}
