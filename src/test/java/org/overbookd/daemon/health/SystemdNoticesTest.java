package org.overbookd.daemon.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ch.qos.logback.classic.spi.ILoggingEvent;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.Outcome;
import org.overbookd.loop.CycleFailure;
import org.overbookd.loop.CycleResult;
import org.overbookd.testing.LogCapture;

/** What systemd is told, through a stand-in for systemd-notify and through the real one. */
class SystemdNoticesTest {

    @TempDir
    Path dir;

    /** A systemd-notify that appends its NOTIFY_SOCKET and arguments to a file, one line per call. */
    private List<String> recorder(Path log) throws Exception {
        Path script = dir.resolve("notify.sh");
        Files.writeString(script, "#!/bin/sh\necho \"$NOTIFY_SOCKET $*\" >> '" + log + "'\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return List.of(script.toString());
    }

    private static List<String> await(Path log, int lines) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (Files.exists(log)) {
                List<String> read = Files.readAllLines(log);
                if (read.size() >= lines) {
                    return read;
                }
            }
            // a poll, not a spin: the daemon and the other test JVM need the cores
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
        }
        throw new AssertionError("fewer than " + lines + " notifications in " + log);
    }

    @Test
    void readyAfterTheFirstCycleEvenAFailedOneThenWatchdogAndStatus() throws Exception {
        Path log = dir.resolve("calls.log");
        long pid = ProcessHandle.current().pid();
        SystemdNotifier notifier = new SystemdNotifier(
                Map.of(
                        "NOTIFY_SOCKET",
                        "/run/test.sock",
                        "WATCHDOG_USEC",
                        "10000000",
                        "WATCHDOG_PID",
                        Long.toString(pid)),
                recorder(log));
        SystemdNotices notices = new SystemdNotices(notifier, () -> new OverbookingLimits(2, 90));
        assertEquals(Optional.of(Duration.ofSeconds(5)), notices.heartbeatInterval(), "half of WatchdogSec");

        notices.cycleFailed(
                1, CycleFailure.of(BackendException.Cause.UNREACHABLE, "connection refused"), Duration.ofMillis(5));
        List<String> first = await(log, 1);
        assertTrue(
                first.get(0)
                        .startsWith("/run/test.sock READY=1 STATUS=cycle 1 failed (unreachable): connection refused"),
                first.get(0));
        assertTrue(first.get(0).endsWith(" WATCHDOG=1"), first.get(0));

        notices.cycleEnded(
                Fixtures.result(2, List.of(Fixtures.outcome("deploy", Outcome.Status.OK))), Duration.ofMillis(250));
        String second = await(log, 2).get(1);
        assertFalse(second.contains("READY=1"), "READY is sent once: " + second);
        assertTrue(second.contains("STATUS=cycle 2 ok in 0.3 s: 1 decision, 3 queued, 3 slots in use, 3 free"), second);

        notices.heartbeat();
        assertEquals("/run/test.sock WATCHDOG=1", await(log, 3).get(2));
        notices.stopping();
        assertTrue(await(log, 4).get(3).startsWith("/run/test.sock STOPPING=1"));
    }

    @Test
    void aCycleThatCouldNotAuditIsAFailedCycle() throws Exception {
        Path log = dir.resolve("calls.log");
        SystemdNotifier notifier = new SystemdNotifier(Map.of("NOTIFY_SOCKET", "/run/test.sock"), recorder(log));
        SystemdNotices notices = new SystemdNotices(notifier, () -> new OverbookingLimits(2, 90));
        CycleResult blind = new CycleResult(
                1,
                Fixtures.result(1, List.of()).view(),
                List.of(Fixtures.outcome("deploy", Outcome.Status.SKIPPED)),
                List.of(),
                Optional.of("disk full"));
        notices.cycleEnded(blind, Duration.ofMillis(5));
        await(log, 1);
        notices.cycleEnded(
                new CycleResult(2, blind.view(), blind.outcomes(), List.of(), Optional.of("disk full")),
                Duration.ofMillis(5));
        assertEquals(
                "/run/test.sock STATUS=cycle 2 failed (audit, 2 in a row): decisions not enacted: the audit log"
                        + " cannot be written: disk full",
                await(log, 2).get(1));
    }

    @Test
    void silentWithoutNotifySocketAndNoWatchdogForAnotherPid() throws Exception {
        Path log = dir.resolve("calls.log");
        SystemdNotifier none = new SystemdNotifier(Map.of("WATCHDOG_USEC", "1000000"), recorder(log));
        SystemdNotices notices = new SystemdNotices(none, () -> new OverbookingLimits(2, 90));
        notices.cycleFailed(1, CycleFailure.of(BackendException.Cause.AUTH, "refused"), Duration.ZERO);
        notices.heartbeat();
        assertEquals(Optional.empty(), notices.heartbeatInterval());
        SystemdNotifier inherited = new SystemdNotifier(
                Map.of("NOTIFY_SOCKET", "/run/x", "WATCHDOG_USEC", "1000000", "WATCHDOG_PID", "1"), recorder(log));
        assertEquals(Optional.empty(), inherited.watchdog(), "the watchdog belongs to process 1, not to us");
        inherited.send("STATUS=marker");
        assertEquals(List.of("/run/x STATUS=marker"), await(log, 1), "nothing was sent before the marker");
    }

    /**
     * A cycle has half of WatchdogSec for sure (the last heartbeat may be half a period old when it
     * starts); one that observes and acts once, each call at one.timeout, must fit in that half.
     */
    @Test
    void aWatchdogShorterThanTwoShortCyclesIsNamed() {
        Duration timeout = Duration.ofSeconds(30);
        assertEquals(Optional.empty(), SystemdNotices.watchdogTooShort(Duration.ofMinutes(12), timeout), "the default");
        assertEquals(
                Optional.empty(), SystemdNotices.watchdogTooShort(Duration.ofMinutes(11), timeout), "exactly enough");
        Optional<String> tooShort = SystemdNotices.watchdogTooShort(Duration.ofMinutes(10), timeout);
        assertTrue(
                tooShort.isPresent()
                        && tooShort.get().contains("WatchdogSec (600 s)")
                        && tooShort.get().contains("lasts 330 s")
                        && tooShort.get().contains("at least 660 s"),
                tooShort.toString());
    }

    /** The daemon says so at start, against OpenNebula only (the simulated backend calls nothing). */
    @Test
    void healthWarnsAtStartOfAWatchdogTooShortForOneTimeout() throws Exception {
        SystemdNotifier twoMinutes = new SystemdNotifier(
                Map.of("NOTIFY_SOCKET", "/run/x", "WATCHDOG_USEC", "120000000"), recorder(dir.resolve("notify.log")));
        List<ILoggingEvent> seen;
        try (LogCapture log = LogCapture.start()) {
            for (String backend : new String[] {"simulated", "opennebula"}) {
                HealthReporter.start(
                                Fixtures.settings("backend = " + backend, "one.timeout = 30s"),
                                () -> new OverbookingLimits(2, 90),
                                java.time.Clock.systemUTC(),
                                twoMinutes)
                        .close();
            }
            seen = log.events();
        }
        List<String> warned = seen.stream()
                .filter(e -> e.getLoggerName().equals(HealthReporter.class.getName()))
                .map(ILoggingEvent::getFormattedMessage)
                .filter(m -> m.contains("WatchdogSec"))
                .toList();
        assertEquals(1, warned.size(), "once, for the OpenNebula backend alone: " + seen);
        assertTrue(warned.get(0).contains("WatchdogSec (120 s) is short for one.timeout (30 s)"), warned.get(0));
    }

    @Test
    void aMissingProgramIsLoggedOnceAndNeverThrows() {
        List<ILoggingEvent> seen;
        try (LogCapture log = LogCapture.start()) {
            SystemdNotifier broken = new SystemdNotifier(
                    Map.of("NOTIFY_SOCKET", "/run/x"),
                    List.of(dir.resolve("no-such-program").toString()));
            SystemdNotices notices = new SystemdNotices(broken, () -> new OverbookingLimits(2, 90));
            notices.cycleFailed(1, CycleFailure.of(BackendException.Cause.AUTH, "refused"), Duration.ZERO);
            notices.cycleFailed(1, CycleFailure.of(BackendException.Cause.AUTH, "refused"), Duration.ZERO);
            notices.stopping();
            seen = log.events();
        }
        // only this notifier's warnings: another test's notifier may still be finishing on its own thread
        String program = dir.resolve("no-such-program").toString();
        assertEquals(
                1,
                seen.stream()
                        .filter(e -> e.getLoggerName().equals(SystemdNotifier.class.getName())
                                && e.getFormattedMessage().contains(program))
                        .count(),
                "one warning for three failed notifications: " + seen);
    }

    /** The real systemd-notify, sending to a Unix datagram socket a Python one-liner listens on. */
    @Test
    void realSystemdNotifyReachesTheSocket() throws Exception {
        assumeTrue(onPath("systemd-notify") && onPath("python3"), "systemd-notify or python3 not installed");
        Path socket = dir.resolve("notify.sock");
        Process listener = new ProcessBuilder(
                        "python3",
                        "-c",
                        String.join(
                                "\n",
                                "import socket, sys",
                                "s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)",
                                "s.bind(sys.argv[1])",
                                "print('listening', flush=True)",
                                "s.settimeout(20)",
                                "print(s.recv(4096).decode().replace(chr(10), ' '), flush=True)"),
                        socket.toString())
                .redirectErrorStream(true)
                .start();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(listener.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("listening", out.readLine());
            SystemdNotifier notifier =
                    new SystemdNotifier(Map.of("NOTIFY_SOCKET", socket.toString()), List.of("systemd-notify"));
            new SystemdNotices(notifier, () -> new OverbookingLimits(2, 90))
                    .cycleFailed(1, CycleFailure.of(BackendException.Cause.TIMEOUT, "no reply"), Duration.ofSeconds(1));
            String received = out.readLine();
            assertTrue(
                    received != null
                            && received.contains("READY=1")
                            && received.contains("STATUS=cycle 1 failed (timeout): no reply"),
                    String.valueOf(received));
        } finally {
            listener.destroy();
        }
    }

    private static boolean onPath(String program) {
        List<String> dirs =
                new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(":")));
        return dirs.stream().anyMatch(d -> !d.isEmpty() && Files.isExecutable(Path.of(d, program)));
    }
}
