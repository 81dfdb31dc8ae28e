package org.overbookd.audit;

import java.time.Instant;
import org.overbookd.backend.Outcome;
import org.overbookd.policy.Decision;

/**
 * The record auditors read to learn why overbookd did what it did. A decision is recorded before it
 * is enacted, so a crash in between still leaves the intent on record, and its outcome after.
 */
public interface AuditLog extends AutoCloseable {

    AuditLog NONE = new AuditLog() {
        @Override
        public void decided(long cycle, Instant time, Decision decision) {
        }

        @Override
        public void enacted(long cycle, Instant time, Outcome outcome) {
        }

        @Override
        public void close() {
        }
    };

    void decided(long cycle, Instant time, Decision decision);

    void enacted(long cycle, Instant time, Outcome outcome);

    @Override
    void close();
}
