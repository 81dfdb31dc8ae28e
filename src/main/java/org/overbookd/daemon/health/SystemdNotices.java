package org.overbookd.daemon.health;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import org.overbookd.backend.BackendException;
import org.overbookd.loop.CycleListener;
import org.overbookd.loop.CycleResult;

/**
 * What systemd hears from the daemon (Type=notify, NotifyAccess=all): READY=1 once the first cycle
 * has ended, failed or not (an unreachable oned makes a degraded daemon, not a failed start);
 * WATCHDOG=1 after every cycle and on every scheduler heartbeat, both on the scheduler's one worker
 * thread, so a hung cycle starves the watchdog and systemd restarts the daemon; STATUS= with the last
 * cycle's result for {@code systemctl status}; STOPPING=1 when asked to stop.
 */
final class SystemdNotices implements CycleListener {

    private static final int STATUS_LENGTH = 200;

    private final SystemdNotifier notifier;
    private final Supplier<OverbookingLimits> limits;
    private boolean ready;
    private long cycles;
    private int failingInARow;

    SystemdNotices(SystemdNotifier notifier, Supplier<OverbookingLimits> limits) {
        this.notifier = notifier;
        this.limits = limits;
    }

    /** How often the scheduler should ping: half of WatchdogSec, as sd_watchdog_enabled(3) advises. */
    Optional<Duration> heartbeatInterval() {
        return notifier.watchdog().map(d -> d.dividedBy(2));
    }

    /** A ping from the scheduler's worker thread while it is idle. */
    void heartbeat() {
        if (notifier.watchdog().isPresent()) {
            notifier.send("WATCHDOG=1");
        }
    }

    void stopping() {
        notifier.send("STOPPING=1", "STATUS=stopping: letting the cycle under way finish");
    }

    @Override
    public synchronized void cycleSucceeded(CycleResult result, Duration took) {
        cycles++;
        failingInARow = 0;
        CycleFigures figures = CycleFigures.of(result, limits.get());
        String status = String.format(java.util.Locale.ROOT,
                "cycle %d ok in %.1f s: %d decision%s, %d queued, %d slot%s in use, %d free%s", cycles,
                took.toMillis() / 1000.0, figures.decisions(), figures.decisions() == 1 ? "" : "s", figures.queue(),
                figures.slotsInUse(), figures.slotsInUse() == 1 ? "" : "s", figures.slotsAvailable(),
                result.auditFailure().isPresent() ? "; AUDIT WRITE FAILED, nothing enacted" : "");
        tell(status);
    }

    @Override
    public synchronized void cycleFailed(BackendException.Cause cause, String message, Duration took) {
        cycles++;
        failingInARow++;
        tell("cycle " + cycles + " failed (" + cause.label() + (failingInARow > 1 ? ", " + failingInARow + " in a row"
                : "") + "): " + message);
    }

    private void tell(String status) {
        String line = "STATUS=" + oneLine(status);
        String ping = notifier.watchdog().isPresent() ? "WATCHDOG=1" : null;
        if (!ready) {
            ready = true;
            send("READY=1", line, ping);
        } else {
            send(line, ping, null);
        }
    }

    private void send(String a, String b, String c) {
        notifier.send(java.util.stream.Stream.of(a, b, c).filter(s -> s != null).toArray(String[]::new));
    }

    private static String oneLine(String text) {
        String flat = text.replaceAll("\\s+", " ").trim();
        return flat.length() <= STATUS_LENGTH ? flat : flat.substring(0, STATUS_LENGTH - 3) + "...";
    }
}
