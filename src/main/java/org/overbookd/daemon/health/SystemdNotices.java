package org.overbookd.daemon.health;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import org.overbookd.backend.opennebula.OneHeartbeatBoard;
import org.overbookd.backend.opennebula.OpenNebulaBackend;
import org.overbookd.loop.CycleFailure;
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
    private int failingInARow;

    SystemdNotices(SystemdNotifier notifier, Supplier<OverbookingLimits> limits) {
        this.notifier = notifier;
        this.limits = limits;
    }

    /**
     * Calls to oned in a cycle with one decision: six to observe (four pools, and the datastore and
     * cluster pools while a low-QoS VM waits, as one must for a deploy or resume), two to the heartbeat
     * board (a daemon without HA reads it, then writes its entry), three to place a VM (the fresh
     * one.vm.info, the mark for OneDRS, the deploy or resume).
     */
    static final int CALLS_OF_A_SHORT_CYCLE =
            OpenNebulaBackend.OBSERVE_CALLS + OneHeartbeatBoard.CALLS_PER_BEAT + OpenNebulaBackend.CALLS_PER_PLACEMENT;

    /**
     * Why the watchdog is too short for a cycle whose calls to oned each take their whole deadline,
     * if it is. A cycle holds the scheduler's one worker thread, so the heartbeats stop while it runs,
     * and the last one may be half a watchdog period old when it starts: a cycle has half of
     * WatchdogSec for sure. One that observes and acts once, every call at {@code callTimeout}, must
     * fit in it, or systemd restarts the daemon in the middle of such a cycle.
     */
    static Optional<String> watchdogTooShort(Duration watchdog, Duration callTimeout) {
        Duration cycle = callTimeout.multipliedBy(CALLS_OF_A_SHORT_CYCLE);
        if (cycle.compareTo(watchdog.dividedBy(2)) <= 0) {
            return Optional.empty();
        }
        return Optional.of("systemd's WatchdogSec (" + watchdog.toSeconds() + " s) is short for one.timeout ("
                + callTimeout.toSeconds() + " s): a cycle that observes and acts once, each of its "
                + CALLS_OF_A_SHORT_CYCLE
                + " calls to oned taking one.timeout, lasts " + cycle.toSeconds() + " s, more than half the watchdog,"
                + " and systemd would restart the daemon in the middle of it; raise WatchdogSec to at least "
                + cycle.multipliedBy(2).toSeconds() + " s (systemctl edit overbookd) or lower one.timeout");
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
    public synchronized void cycleEnded(CycleResult result, Duration took) {
        if (result.failure().isPresent()) {
            cycleFailed(result.cycle(), result.failure().get(), took);
            return;
        }
        failingInARow = 0;
        CycleFigures figures = CycleFigures.of(result, limits.get());
        tell(String.format(
                java.util.Locale.ROOT,
                "cycle %d ok in %.1f s: %d decision%s, %d queued, %d slot%s in use, %d free",
                result.cycle(),
                took.toMillis() / 1000.0,
                figures.decisions(),
                figures.decisions() == 1 ? "" : "s",
                figures.queue(),
                figures.slotsInUse(),
                figures.slotsInUse() == 1 ? "" : "s",
                figures.slotsAvailable()));
    }

    @Override
    public synchronized void cycleFailed(long cycle, CycleFailure failure, Duration took) {
        failingInARow++;
        tell("cycle " + cycle + " failed (" + failure.cause()
                + (failingInARow > 1 ? ", " + failingInARow + " in a row" : "") + "): " + failure.message());
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
