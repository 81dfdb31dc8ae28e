package org.overbookd.backend;

import java.util.Objects;
import org.overbookd.policy.Decision;

/**
 * What became of one decision. A refusal is normal (the VM changed state or vanished between
 * observe and enact); the next cycle reconciles from what the backend reports.
 *
 * @param code    the backend's error code, such as OpenNebula's 0x800; empty when accepted
 * @param message the backend's words, never containing a secret
 */
public record Outcome(Decision decision, Status status, String code, String message) {

    public enum Status {
        /** Accepted: the operation is under way. */
        OK,
        /** Not enacted because the backend refused it (wrong state, gone). */
        REFUSED,
        /** Not enacted because the backend could not be reached or failed. */
        FAILED,
        /** Not enacted on purpose: a dry run. */
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
