package org.overbookd.audit;

import java.time.Instant;
import org.overbookd.backend.Outcome;
import org.overbookd.backend.UnmatchedVm;
import org.overbookd.policy.cluster.Decision;
import org.overbookd.policy.cluster.HeldBack;

/**
 * The record auditors read to learn why overbookd did what it did. A decision is recorded, and
 * flushed, before it is enacted, so a crash in between still leaves the intent on record; its
 * outcome after; and an outcome that was unknown (the reply was lost) once the next observation
 * settles it. Every method throws {@link AuditException} when the record could not be written:
 * the loop then enacts nothing. A queued VM that no host may take is recorded too, when that begins,
 * so that an auditor asking why a VM waited finds the answer beside the decisions.
 */
public interface AuditLog extends AutoCloseable {

    AuditLog NONE = new AuditLog() {
        @Override
        public void decided(long cycle, Instant time, Decision decision) {}

        @Override
        public void enacted(long cycle, Instant time, Outcome outcome) {}

        @Override
        public void close() {}
    };

    void decided(long cycle, Instant time, Decision decision);

    void enacted(long cycle, Instant time, Outcome outcome);

    /** An earlier unknown outcome, settled: {@code settled.status()} is what really happened. */
    default void reconciled(long cycle, Instant time, Outcome settled) {}

    /** A queued VM found to run on no host, when that begins: it is why no decision names it. */
    default void unmatched(long cycle, Instant time, UnmatchedVm vm) {}

    /** A decision a guard of the policy held back, when the hold begins: it is why the decision was not made. */
    default void held(long cycle, Instant time, HeldBack held) {}

    /**
     * The largest cycle number already in the log, so that a restarted daemon continues the count
     * and cycle numbers in one audit trail stay unique; 0 for a new log.
     */
    default long lastCycle() {
        return 0;
    }

    @Override
    void close();
}
