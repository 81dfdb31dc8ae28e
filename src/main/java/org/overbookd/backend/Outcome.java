package org.overbookd.backend;

import java.util.Objects;
import org.overbookd.policy.cluster.Decision;

/**
 * What became of one decision. A refusal is normal (the VM changed state or vanished between
 * observe and enact); the next cycle reconciles from what the backend reports.
 *
 * @param code    the backend's error code, such as OpenNebula's 0x800; empty when accepted
 * @param message the backend's words, never containing a secret
 */
public record Outcome(Decision decision, Status status, String code, String message) {

    /**
     * The code of a decision not sent ({@link Status#SKIPPED}) because its cycle's time budget ran
     * out: at its calls' deadlines it would have ended after the budget, so the cycle stopped there.
     */
    public static final String CYCLE_BUDGET = "CYCLE_BUDGET";

    public enum Status {
        /** Accepted: the operation is under way. */
        OK,
        /** Not enacted because the backend refused it (wrong state, gone). */
        REFUSED,
        /** Not enacted because the backend could not be reached or failed. */
        FAILED,
        /**
         * Sent, but no reply came back (the connection broke or the deadline passed after the
         * request left): the action may or may not have happened. The backend settles it from the
         * next observation ({@link Backend#settled()}), and the audit records what really happened.
         */
        UNKNOWN,
        /**
         * Not enacted on purpose: a dry run, the decision could not be recorded first, the node stood
         * down, or the cycle's time budget ran out.
         */
        SKIPPED
    }

    public Outcome {
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(status, "status");
        code = code == null ? "" : code;
        message = message == null ? "" : message;
    }

    public static Outcome ok(Decision decision) {
        return new Outcome(decision, Status.OK, "", "");
    }
}
