package org.overbookd.it;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Waiting on a condition of the real system, polled, never slept on blindly. */
final class Conditions {

    /** How often a condition is asked again. */
    private static final long POLL_NANOS = 250_000_000L;

    private Conditions() {}

    /**
     * Whether {@code condition} held before {@code deadline}; a condition that throws (oned restarting,
     * busy) counts as not yet held. Asked once more at the deadline.
     */
    static boolean await(Duration deadline, BooleanSupplier condition) {
        long end = System.nanoTime() + deadline.toNanos();
        while (System.nanoTime() < end) {
            try {
                if (condition.getAsBoolean()) {
                    return true;
                }
            } catch (RuntimeException e) {
                // not yet: ask again until the deadline
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
        return condition.getAsBoolean();
    }
}
