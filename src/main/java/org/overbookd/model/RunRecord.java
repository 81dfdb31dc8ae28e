package org.overbookd.model;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * How long a VM has run since it first arrived: the accounting behind Silva et al.'s availability
 * (e, time run; p, time pending). Everything else since arrival (queued, suspended, booting,
 * resuming) counts as pending, as an allocation overhead does no work.
 *
 * <p>The record is a fact about the VIM's history, not the daemon's memory: OpenNebula keeps it in
 * the VM's HISTORY records and the simulator in its VM, so a restarted daemon rebuilds it.
 *
 * @param arrival      when the VM first entered the system
 * @param closedRun    running time of the VM's finished stretches of running
 * @param runningSince start of the stretch of running still under way, or null when not running
 */
public record RunRecord(Instant arrival, Duration closedRun, Instant runningSince) {

    public RunRecord {
        Objects.requireNonNull(arrival, "arrival");
        Objects.requireNonNull(closedRun, "closedRun");
        if (closedRun.isNegative()) {
            throw new IllegalArgumentException("closedRun must not be negative: " + closedRun);
        }
    }

    /** A VM that has never run. */
    public static RunRecord neverRan(Instant arrival) {
        return new RunRecord(arrival, Duration.ZERO, null);
    }

    /** e at {@code now}, in seconds; a running stretch that started after {@code now} counts nothing. */
    public double runSeconds(Instant now) {
        double run = closedRun.toMillis() / 1000.0;
        if (runningSince != null && now.isAfter(runningSince)) {
            run += Duration.between(runningSince, now).toMillis() / 1000.0;
        }
        return run;
    }

    /**
     * p at {@code now}, in seconds: the time since arrival not spent running, never negative (clocks
     * of the VIM and of the daemon may disagree by a little).
     */
    public double pendingSeconds(Instant now) {
        double sinceArrival =
                now.isAfter(arrival) ? Duration.between(arrival, now).toMillis() / 1000.0 : 0;
        return Math.max(0, sinceArrival - runSeconds(now));
    }
}
