package org.overbookd.loop;

import java.time.Duration;

/**
 * Told what each daemon cycle did, for the operator's view: metrics, the status file, the systemd
 * watchdog. It lives beside the loop, below the daemon that calls it and the health package that
 * implements it, so neither depends on the other. Called on the scheduler thread; an implementation
 * must be quick and must not throw.
 */
public interface CycleListener {

    CycleListener NONE = new CycleListener() {
        @Override
        public void cycleEnded(CycleResult result, Duration took) {}

        @Override
        public void cycleFailed(long cycle, CycleFailure failure, Duration took) {}
    };

    /**
     * The cycle observed and decided. It succeeded unless {@link CycleResult#failure()} says otherwise
     * (its decisions could not be audited, or its time budget ran out): a failed cycle for every
     * signal, though its view and decisions are there to count.
     */
    void cycleEnded(CycleResult result, Duration took);

    /**
     * The cycle could not observe the backend, or failed on a bug of ours ({@code internal}).
     *
     * @param cycle its number, the one the log and the audit give it (see {@link CycleResult#cycle()})
     */
    void cycleFailed(long cycle, CycleFailure failure, Duration took);

    /** The configuration file changed: {@code accepted} when it was valid and applied. */
    default void reloaded(boolean accepted) {}
}
