package org.overbookd.daemon.health;

import java.time.Duration;
import java.time.Instant;
import java.util.function.LongPredicate;

/**
 * Judges a status file: is the daemon that wrote it running, and are its cycles working?
 * <ul>
 * <li>not running: it wrote that it stopped, its process is gone, or it has not written for more
 * than {@link #staleAfter three intervals and a minute} (no cycle ends any more: a hung scheduler,
 * which the systemd watchdog restarts, or a frozen machine);</li>
 * <li>degraded: its last cycle failed, or no cycle succeeded in the last three intervals;</li>
 * <li>healthy otherwise.</li>
 * </ul>
 */
public final class StatusCheck {

    /** The verdict and its exit code (LSB's for status actions: 0 running, 1 degraded, 3 not running). */
    public enum Health {
        HEALTHY(0),
        DEGRADED(1),
        NOT_RUNNING(3);

        private final int exitCode;

        Health(int exitCode) {
            this.exitCode = exitCode;
        }

        public int exitCode() {
            return exitCode;
        }
    }

    public record Verdict(Health health, String reason) {}

    private static final Duration MARGIN = Duration.ofMinutes(1);

    private StatusCheck() {}

    /** How long after its last write a daemon that wrote nothing more counts as not running. */
    public static Duration staleAfter(Duration interval) {
        return interval.multipliedBy(3).plus(MARGIN);
    }

    /**
     * @param alive whether a process id is alive on this machine
     */
    public static Verdict judge(DaemonStatus status, Instant now, LongPredicate alive) {
        if (status.stopped() != null) {
            return new Verdict(
                    Health.NOT_RUNNING,
                    "stopped at " + status.stopped().truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        }
        if (!alive.test(status.pid())) {
            return new Verdict(Health.NOT_RUNNING, "process " + status.pid() + " is gone (it did not stop cleanly)");
        }
        Duration silent = Duration.between(status.written(), now);
        if (silent.compareTo(staleAfter(status.interval())) > 0) {
            return new Verdict(
                    Health.NOT_RUNNING,
                    "no cycle has ended for " + words(silent) + " (the interval is " + words(status.interval())
                            + "): the daemon is hung");
        }
        if (status.standby()) {
            return new Verdict(Health.HEALTHY, "standby: another node of the HA group holds the writer lease");
        }
        if (status.lastCycle() == null) {
            return new Verdict(Health.HEALTHY, "starting: no cycle has ended yet");
        }
        if (status.consecutiveFailures() > 0 || !status.lastCycle().ok()) {
            int n = Math.max(1, status.consecutiveFailures());
            return new Verdict(
                    Health.DEGRADED,
                    (n == 1 ? "the last cycle" : "the last " + n + " cycles") + " failed ("
                            + status.lastCycle().cause() + ")");
        }
        Duration window = status.interval().multipliedBy(3);
        if (status.lastSuccess() == null
                || Duration.between(status.lastSuccess(), now).compareTo(window) > 0) {
            return new Verdict(Health.DEGRADED, "no successful cycle in the last " + words(window));
        }
        return new Verdict(Health.HEALTHY, "cycles succeed");
    }

    /** 0 s, 42 s, 5 min, 3 h 20 min: for people. */
    public static String words(Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s < 120) {
            return s + " s";
        }
        long min = s / 60;
        if (min < 120) {
            return min + " min";
        }
        return min / 60 + " h " + min % 60 + " min";
    }
}
