package org.overbookd.loop;

import java.time.Duration;
import org.overbookd.backend.BackendException;

/**
 * Told what each daemon cycle did, for the operator's view: metrics, the status file, the systemd
 * watchdog. It lives beside the loop, below the daemon that calls it and the health package that
 * implements it, so neither depends on the other. Called on the scheduler thread; an implementation must be quick and must not throw.
 */
public interface CycleListener {

    CycleListener NONE = new CycleListener() {
        @Override
        public void cycleSucceeded(CycleResult result, Duration took) {
        }

        @Override
        public void cycleFailed(long cycle, BackendException.Cause cause, String message, Duration took) {
        }
    };

    /** The cycle observed, decided and (unless the audit failed) enacted. */
    void cycleSucceeded(CycleResult result, Duration took);

    /**
     * The cycle could not observe the backend, or failed on a bug of ours ({@code INTERNAL}).
     *
     * @param cycle its number, the one the log and the audit give it (see {@link CycleResult#cycle()})
     */
    void cycleFailed(long cycle, BackendException.Cause cause, String message, Duration took);

    /** The configuration file changed: {@code accepted} when it was valid and applied. */
    default void reloaded(boolean accepted) {
    }
}
