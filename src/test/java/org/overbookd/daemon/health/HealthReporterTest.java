package org.overbookd.daemon.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.Outcome;
import org.overbookd.config.Settings;
import org.overbookd.loop.CycleFailure;
import org.overbookd.loop.CycleResult;
import org.overbookd.model.HostLeftOut;
import org.overbookd.model.VmLeftAlone;
import org.overbookd.model.VmUnmatched;
import org.overbookd.testing.ManualClock;

/** The health listener: metrics over HTTP, the status file, and how they react to cycles and reloads. */
class HealthReporterTest {

    @TempDir
    Path dir;

    private static final SystemdNotifier NO_SYSTEMD = new SystemdNotifier(Map.of(), List.of("systemd-notify"));

    /** A clock the test moves by hand. */
    @Test
    void clusterFiguresFollowTheLimitsInForce() throws Exception {
        AtomicReference<OverbookingLimits> limits = new AtomicReference<>(new OverbookingLimits(2, 90));
        Settings settings = Fixtures.settings("metrics.listen = 127.0.0.1:0");
        try (HealthReporter health = HealthReporter.start(settings, limits::get, Clock.systemUTC(), NO_SYSTEMD)) {
            InetSocketAddress address = health.metricsAddress().orElseThrow();
            health.cycleEnded(
                    Fixtures.result(
                            1,
                            List.of(
                                    Fixtures.outcome("deploy", Outcome.Status.OK),
                                    Fixtures.outcome("suspend", Outcome.Status.REFUSED))),
                    Duration.ofMillis(40));
            Scrape s = Scrape.of(address);
            assertEquals(3, s.value("overbookd_hosts_observed"));
            assertEquals(1, s.value("overbookd_hosts_left_out", "reason", "offline"));
            assertEquals(1, s.value("overbookd_hosts_left_out", "reason", "stale-monitoring"));
            assertEquals(2, s.value("overbookd_low_qos_vms_left_alone", "reason", "failed"));
            assertEquals(1, s.value("overbookd_writer", "role", "single"));
            assertEquals(0, s.value("overbookd_writer", "role", "active"));
            health.role(() -> "standby");
            assertEquals(1, Scrape.of(address).value("overbookd_writer", "role", "standby"), "read at every scrape");
            health.role(() -> "single");
            assertEquals(0, s.value("overbookd_low_qos_vms_left_alone", "reason", "pending"), "there from the start");
            assertEquals(1, s.value("overbookd_low_qos_vms_unmatched", "reason", "no-host"));
            assertEquals(0, s.value("overbookd_low_qos_vms_unmatched", "reason", "invalid"), "there from the start");
            assertEquals(3, s.value("overbookd_slots_in_use"));
            assertEquals(
                    2 + 0 + 1, s.value("overbookd_slots_available"), "2 free on the empty host, 1 on the host with 1");
            assertEquals(2, s.value("overbookd_hosts_at_upper_bound"), "90 % is at the bound, 95 % above it");
            assertEquals(2, s.value("overbookd_low_qos_vms", "state", "running"));
            assertEquals(1, s.value("overbookd_low_qos_vms", "state", "booting"));
            assertEquals(2, s.value("overbookd_low_qos_vms", "state", "queued"));
            assertEquals(1, s.value("overbookd_low_qos_vms", "state", "suspended"));
            assertEquals(1, s.value("overbookd_outcomes_total", "action", "deploy", "status", "ok"));
            assertEquals(1, s.value("overbookd_outcomes_total", "action", "suspend", "status", "refused"));
            assertEquals(1, s.value("overbookd_cycle_duration_seconds_bucket", "le", "0.05"));
            assertEquals(0, s.value("overbookd_cycle_duration_seconds_bucket", "le", "0.025"));

            // a reload to 3 slots and a 95 % bound shows at the next cycle
            health.reloaded(true);
            limits.set(new OverbookingLimits(3, 95));
            health.cycleEnded(Fixtures.result(2, List.of()), Duration.ofMillis(5));
            s = Scrape.of(address);
            assertEquals(3 + 1 + 2, s.value("overbookd_slots_available"));
            assertEquals(1, s.value("overbookd_hosts_at_upper_bound"));
            assertEquals(1, s.value("overbookd_config_reloads_total", "result", "ok"));
            assertEquals(0, s.value("overbookd_config_reloads_total", "result", "rejected"));
        }
    }

    /** docs/operating.md promises that alerts and panels need no {@code or vector(0)}: every labelled series is there before any cycle. */
    @Test
    void everyReasonASeriesCanTakeIsScrapedAtZeroBeforeTheFirstCycle() throws Exception {
        Settings settings = Fixtures.settings("metrics.listen = 127.0.0.1:0");
        try (HealthReporter health =
                HealthReporter.start(settings, () -> new OverbookingLimits(2, 90), Clock.systemUTC(), NO_SYSTEMD)) {
            Scrape s = Scrape.of(health.metricsAddress().orElseThrow());
            for (HostLeftOut reason : HostLeftOut.values()) {
                assertEquals(0, s.value("overbookd_hosts_left_out", "reason", reason.label()), reason.label());
            }
            for (VmLeftAlone reason : VmLeftAlone.values()) {
                assertEquals(0, s.value("overbookd_low_qos_vms_left_alone", "reason", reason.label()), reason.label());
            }
            for (VmUnmatched reason : VmUnmatched.values()) {
                assertEquals(0, s.value("overbookd_low_qos_vms_unmatched", "reason", reason.label()), reason.label());
            }
        }
    }

    /**
     * A cycle that decided but enacted nothing because the audit log cannot be written is a failure
     * for every signal an alert watches: the failure counter (cause audit), the failures in a row, and
     * the last-success time, which stops.
     */
    @Test
    void failuresCountByCauseAndAnAuditFailureIsAFailedCycle() throws Exception {
        Settings settings = Fixtures.settings("metrics.listen = 127.0.0.1:0");
        ManualClock clock = new ManualClock(Instant.parse("2025-03-01T12:00:00Z"));
        try (HealthReporter health =
                HealthReporter.start(settings, () -> new OverbookingLimits(2, 90), clock, NO_SYSTEMD)) {
            InetSocketAddress address = health.metricsAddress().orElseThrow();
            assertEquals(0, Scrape.of(address).value("overbookd_last_success_timestamp_seconds"));
            assertEquals(
                    0,
                    Scrape.of(address).value("overbookd_cycle_failures_total", "cause", "audit"),
                    "there from the start");
            assertEquals(0, Scrape.of(address).value("overbookd_cycle_failures_total", "cause", "budget"));
            health.cycleEnded(Fixtures.result(1, List.of()), Duration.ofMillis(3));
            double succeededAt = clock.instant().getEpochSecond();
            clock.advance(Duration.ofMinutes(5));
            health.cycleEnded(
                    new CycleResult(
                            2,
                            Fixtures.result(2, List.of()).view(),
                            List.of(Fixtures.outcome("deploy", Outcome.Status.SKIPPED)),
                            List.of(),
                            java.util.Optional.of("disk full")),
                    Duration.ofMillis(3));
            health.cycleFailed(
                    3,
                    CycleFailure.of(BackendException.Cause.TIMEOUT, "one.hostpool.info: no reply within 30 s"),
                    Duration.ofSeconds(30));
            health.cycleFailed(
                    4,
                    CycleFailure.of(BackendException.Cause.TIMEOUT, "one.hostpool.info: no reply within 30 s"),
                    Duration.ofSeconds(30));
            health.cycleFailed(5, CycleFailure.of(BackendException.Cause.AUTH, "refused"), Duration.ofMillis(2));
            health.reloaded(false);
            Scrape s = Scrape.of(address);
            assertEquals(5, s.value("overbookd_cycles_total"));
            assertEquals(1, s.value("overbookd_cycle_failures_total", "cause", "audit"));
            assertEquals(2, s.value("overbookd_cycle_failures_total", "cause", "timeout"));
            assertEquals(1, s.value("overbookd_cycle_failures_total", "cause", "auth"));
            assertEquals(0, s.value("overbookd_cycle_failures_total", "cause", "unreachable"));
            assertEquals(4, s.value("overbookd_consecutive_failures"), "the audit failure began the run of failures");
            assertEquals(1, s.value("overbookd_audit_write_failures_total"));
            assertEquals(1, s.value("overbookd_outcomes_total", "action", "deploy", "status", "skipped"));
            assertEquals(
                    succeededAt, s.value("overbookd_last_success_timestamp_seconds"), "stopped at the last success");
            assertEquals(1, s.value("overbookd_config_reloads_total", "result", "rejected"));
            for (Scrape.Sample sample : s.samples()) {
                assertTrue(sample.name().startsWith("overbookd_"), sample.name());
            }
        }
    }

    /** A cycle whose time budget ran out before every decision was sent is a failure too (cause budget). */
    @Test
    void aCycleOutOfTimeIsAFailedCycle() throws Exception {
        Settings settings = Fixtures.settings("metrics.listen = 127.0.0.1:0");
        try (HealthReporter health =
                HealthReporter.start(settings, () -> new OverbookingLimits(2, 90), Clock.systemUTC(), NO_SYSTEMD)) {
            Outcome late = new Outcome(
                    Fixtures.outcome("suspend", Outcome.Status.OK).decision(),
                    Outcome.Status.SKIPPED,
                    Outcome.CYCLE_BUDGET,
                    "not sent: the cycle's time budget of 300.0 s is spent");
            health.cycleEnded(
                    new CycleResult(
                            1,
                            Fixtures.result(1, List.of()).view(),
                            List.of(Fixtures.outcome("deploy", Outcome.Status.OK), late),
                            List.of(),
                            java.util.Optional.empty()),
                    Duration.ofSeconds(290));
            Scrape s = Scrape.of(health.metricsAddress().orElseThrow());
            assertEquals(1, s.value("overbookd_cycle_failures_total", "cause", "budget"));
            assertEquals(1, s.value("overbookd_consecutive_failures"));
            assertEquals(0, s.value("overbookd_last_success_timestamp_seconds"));
            assertEquals(1, s.value("overbookd_outcomes_total", "action", "suspend", "status", "skipped"));
        }
    }

    @Test
    void statusFileTracksCyclesAndMarksTheStop() throws Exception {
        Path file = dir.resolve("status.json");
        ManualClock clock = new ManualClock(Instant.parse("2025-03-01T12:00:00Z"));
        Settings settings = Fixtures.settings("status.file = " + file, "schedule.overbooking-interval = 5m");
        HealthReporter health = HealthReporter.start(settings, () -> new OverbookingLimits(2, 90), clock, NO_SYSTEMD);
        DaemonStatus starting = read(file);
        assertEquals(ProcessHandle.current().pid(), starting.pid());
        assertEquals(null, starting.lastCycle());
        assertEquals(StatusCheck.Health.HEALTHY, judge(starting, clock).health(), "starting");

        health.cycleEnded(
                Fixtures.result(
                        41,
                        List.of(
                                Fixtures.outcome("deploy", Outcome.Status.OK),
                                Fixtures.outcome("deploy", Outcome.Status.OK))),
                Duration.ofMillis(120));
        clock.advance(Duration.ofMinutes(40));
        health.cycleEnded(
                Fixtures.result(42, List.of(Fixtures.outcome("suspend", Outcome.Status.OK))), Duration.ofMillis(80));
        DaemonStatus two = read(file);
        assertEquals(2, two.cycles());
        assertEquals(
                42,
                two.lastCycle().number(),
                "the loop's number (it goes on from the audit), not this process's count");
        assertEquals(3, two.decisionsLastHour());
        assertEquals(3, two.queue());
        assertEquals(3, two.slotsInUse());
        assertEquals(3, two.slotsAvailable());
        assertEquals(StatusCheck.Health.HEALTHY, judge(two, clock).health());

        clock.advance(Duration.ofMinutes(25)); // the first cycle's two decisions are now over an hour old
        health.cycleFailed(
                43, CycleFailure.of(BackendException.Cause.UNREACHABLE, "connection refused"), Duration.ofMillis(3));
        DaemonStatus failed = read(file);
        assertEquals(1, failed.decisionsLastHour());
        assertEquals(1, failed.consecutiveFailures());
        assertEquals("unreachable", failed.lastCycle().cause());
        assertEquals(43, failed.lastCycle().number(), "a failed cycle has the number the loop gave it");
        assertEquals(3, failed.queue(), "queue and slots of the last successful cycle stay");
        StatusCheck.Verdict verdict = judge(failed, clock);
        assertEquals(StatusCheck.Health.DEGRADED, verdict.health());
        assertTrue(verdict.reason().contains("unreachable"), verdict.reason());

        health.cycleEnded(Fixtures.result(3, List.of()), Duration.ofMillis(5));
        assertEquals(StatusCheck.Health.HEALTHY, judge(read(file), clock).health(), "recovered");
        health.cycleEnded(
                new CycleResult(
                        4,
                        Fixtures.result(4, List.of()).view(),
                        List.of(Fixtures.outcome("deploy", Outcome.Status.SKIPPED)),
                        List.of(),
                        java.util.Optional.of("cannot write audit.jsonl: No space left on device")),
                Duration.ofMillis(5));
        StatusCheck.Verdict blind = judge(read(file), clock);
        assertEquals(StatusCheck.Health.DEGRADED, blind.health(), "decided but enacted nothing: not healthy");
        assertTrue(blind.reason().contains("audit"), blind.reason());

        health.close();
        assertEquals(StatusCheck.Health.NOT_RUNNING, judge(read(file), clock).health(), "stopped");
        try (var files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList(), "no temporary file left behind");
        }
    }

    @Test
    void anUnwritableStatusFileIsCountedAndNeverStopsACycle() throws Exception {
        Path missing = dir.resolve("no-such-dir").resolve("status.json");
        Settings settings = Fixtures.settings("status.file = " + missing, "metrics.listen = 127.0.0.1:0");
        try (HealthReporter health =
                HealthReporter.start(settings, () -> new OverbookingLimits(2, 90), Clock.systemUTC(), NO_SYSTEMD)) {
            health.cycleEnded(
                    Fixtures.result(1, List.of(Fixtures.outcome("deploy", Outcome.Status.OK))), Duration.ofMillis(1));
            Scrape s = Scrape.of(health.metricsAddress().orElseThrow());
            assertEquals(2, s.value("overbookd_status_write_failures_total"), "at start and after the cycle");
            assertEquals(1, s.value("overbookd_decisions_total", "action", "deploy"), "the cycle was still counted");
        }
        assertFalse(Files.exists(missing));
    }

    @Test
    void statusJudgesStaleGoneAndLongFailingDaemons() {
        Instant t = Instant.parse("2025-03-01T12:00:00Z");
        Duration interval = Duration.ofMinutes(5);
        DaemonStatus.LastCycle ok = new DaemonStatus.LastCycle(7, t, Duration.ofSeconds(1), null, null, 0);
        DaemonStatus fresh = new DaemonStatus(42, "n", t, t, interval, null, 7, ok, 0, t, 0, 0, 0, 2);
        assertEquals(
                StatusCheck.Health.HEALTHY,
                StatusCheck.judge(fresh, t.plusSeconds(60), pid -> true).health());
        assertEquals(
                StatusCheck.Health.NOT_RUNNING,
                StatusCheck.judge(fresh, t, pid -> false).health(),
                "pid gone");
        assertEquals(
                StatusCheck.Health.DEGRADED,
                StatusCheck.judge(fresh, t.plus(Duration.ofMinutes(16)), pid -> true)
                        .health(),
                "still running (within 3 x 5 min + 1 min), but no success in three intervals");
        assertEquals(
                StatusCheck.Health.NOT_RUNNING,
                StatusCheck.judge(fresh, t.plus(Duration.ofMinutes(16).plusSeconds(1)), pid -> true)
                        .health(),
                "hung");
        DaemonStatus oldSuccess =
                new DaemonStatus(42, "n", t, t.plus(Duration.ofMinutes(20)), interval, null, 9, ok, 0, t, 0, 0, 0, 2);
        assertEquals(
                StatusCheck.Health.DEGRADED,
                StatusCheck.judge(oldSuccess, t.plus(Duration.ofMinutes(21)), pid -> true)
                        .health(),
                "no success in three intervals");
        // a standby of an HA group runs no cycle by design: alive (it rewrites its file) is healthy
        DaemonStatus standby = new DaemonStatus(
                43, "n2", t, t.plus(Duration.ofMinutes(20)), interval, null, 9, ok, 0, t, 0, 0, 0, 2, "standby");
        StatusCheck.Verdict waiting = StatusCheck.judge(standby, t.plus(Duration.ofMinutes(21)), pid -> true);
        assertEquals(StatusCheck.Health.HEALTHY, waiting.health(), waiting.reason());
        assertTrue(waiting.reason().contains("standby"), waiting.reason());
        assertEquals(
                StatusCheck.Health.NOT_RUNNING,
                StatusCheck.judge(standby, t.plus(Duration.ofMinutes(40)), pid -> true)
                        .health(),
                "a silent standby is hung");
    }

    @Test
    void statusRoundTripsThroughJson() throws IOException {
        Instant t = Instant.parse("2025-03-01T12:00:00.123Z");
        DaemonStatus s = new DaemonStatus(
                42,
                "node1",
                t,
                t.plusSeconds(5),
                Duration.ofMinutes(5),
                null,
                3,
                new DaemonStatus.LastCycle(
                        8, t.plusSeconds(5), Duration.ofMillis(1500), "timeout", "no reply \"quoted\"", 0),
                2,
                t,
                4,
                5,
                6,
                7);
        assertEquals(s, DaemonStatus.fromJson(s.toJson()));
    }

    private static DaemonStatus read(Path file) throws IOException {
        return DaemonStatus.fromJson(Files.readString(file));
    }

    private static StatusCheck.Verdict judge(DaemonStatus status, Clock clock) {
        return StatusCheck.judge(
                status, clock.instant(), pid -> pid == ProcessHandle.current().pid());
    }

    static List<String> names(Scrape s) {
        return new ArrayList<>(s.names());
    }
}
