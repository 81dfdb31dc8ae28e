package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.daemon.health.DaemonStatus;

/** {@code overbookd status}: its table and exit codes; {@code run} refusing a bad metrics.listen. */
class StatusCommandTest {

    @TempDir
    Path dir;

    private Path write(long pid, Instant written, DaemonStatus.LastCycle last, int failing) throws Exception {
        Path file = dir.resolve("status.json");
        Files.writeString(
                file,
                new DaemonStatus(
                                pid,
                                "node1",
                                written.minusSeconds(600),
                                written,
                                Duration.ofMinutes(5),
                                null,
                                12,
                                last,
                                failing,
                                last != null && last.ok() ? last.ended() : null,
                                4,
                                3,
                                5,
                                1)
                        .toJson());
        return file;
    }

    @Test
    void healthyDegradedNotRunningAndUnknown() throws Exception {
        long me = ProcessHandle.current().pid();
        Instant now = Instant.now();
        DaemonStatus.LastCycle ok = new DaemonStatus.LastCycle(118, now, Duration.ofMillis(420), null, null, 2);
        Cli healthy = Cli.run("status", "--file", write(me, now, ok, 0).toString());
        assertEquals(0, healthy.exitCode(), healthy.err());
        assertTrue(
                healthy.out().contains("healthy")
                        && healthy.out().contains("ok in 420 ms, 2 decisions")
                        && healthy.out().contains("3 low-QoS VMs waiting")
                        && healthy.out().contains("5 in use, 1 free"),
                healthy.out());
        // the cycle's number, as the log and the audit give it, not the 12 cycles this process has run
        assertTrue(healthy.out().contains("last cycle            #118 ended "), healthy.out());

        DaemonStatus.LastCycle failed = new DaemonStatus.LastCycle(
                118, now, Duration.ofSeconds(30), "timeout", "one.hostpool.info: no reply within 30 s", 0);
        Cli degraded = Cli.run("status", "--file", write(me, now, failed, 2).toString());
        assertEquals(1, degraded.exitCode());
        assertTrue(degraded.out().contains("the last 2 cycles failed (timeout)"), degraded.out());

        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Cli dead = Cli.run("status", "--file", write(gone.pid(), now, ok, 0).toString());
        assertEquals(3, dead.exitCode(), dead.out());
        assertTrue(dead.out().contains("process " + gone.pid() + " is gone"), dead.out());

        Cli hung = Cli.run(
                "status",
                "--file",
                write(me, now.minus(Duration.ofMinutes(17)), ok, 0).toString());
        assertEquals(3, hung.exitCode(), hung.out());

        Cli none = Cli.run("status", "--file", dir.resolve("absent.json").toString());
        assertEquals(3, none.exitCode());
        assertTrue(none.out().contains("not running: no status file"), none.out());

        Path garbage = dir.resolve("garbage.json");
        Files.writeString(garbage, "{\"pid\": ");
        Cli unknown = Cli.run("status", "--file", garbage.toString());
        assertEquals(4, unknown.exitCode());
        assertTrue(unknown.err().contains(garbage.toString()), unknown.err());
    }

    /** A corrupt file is named with where it stops being JSON, in words, not with the JSON parser's own message. */
    @Test
    void aCorruptStatusFileIsNamedWithLineAndColumnInWords() throws Exception {
        Path garbage = dir.resolve("corrupt.json");
        Files.writeString(garbage, "{\n  \"pid\": 42,\n  \"node\": x\n}\n");
        Cli unknown = Cli.run("status", "--file", garbage.toString());
        assertEquals(4, unknown.exitCode());
        assertEquals(
                "overbookd: cannot read the status file " + garbage + ": not JSON at line 3, column 12 (cut short,"
                        + " or overwritten by something else)",
                unknown.err().strip());
    }

    @Test
    void aNodeOfAnHaGroupShowsItsRoleAndASingleDaemonNone() throws Exception {
        long me = ProcessHandle.current().pid();
        Instant now = Instant.now();
        DaemonStatus.LastCycle ok = new DaemonStatus.LastCycle(118, now, Duration.ofMillis(30), null, null, 0);
        for (String role : new String[] {"active", "standby"}) {
            Path file = dir.resolve(role + ".json");
            Files.writeString(
                    file,
                    new DaemonStatus(
                                    me,
                                    "front1",
                                    now.minusSeconds(600),
                                    now,
                                    Duration.ofMinutes(5),
                                    null,
                                    3,
                                    ok,
                                    0,
                                    now,
                                    0,
                                    0,
                                    0,
                                    4,
                                    role)
                            .toJson());
            Cli r = Cli.run("status", "--file", file.toString());
            assertEquals(0, r.exitCode(), r.out());
            assertTrue(r.out().lines().anyMatch(l -> l.matches("HA role +" + role + ": .*")), r.out());
        }
        Cli single = Cli.run("status", "--file", write(me, now, ok, 0).toString());
        assertEquals(0, single.exitCode(), single.out());
        assertTrue(single.out().lines().anyMatch(l -> l.startsWith("daemon ")), single.out());
        assertTrue(single.out().lines().noneMatch(l -> l.startsWith("HA role")), single.out());
    }

    @Test
    void statusTakesStatusFileFromSetAloneAndRefusesAnUnknownKey() throws Exception {
        Path file = write(
                ProcessHandle.current().pid(),
                Instant.now(),
                new DaemonStatus.LastCycle(118, Instant.now(), Duration.ofMillis(5), null, null, 0),
                0);
        Cli set = Cli.run("status", "--set", "status.file=" + file);
        assertEquals(0, set.exitCode(), set.out() + set.err());
        assertTrue(set.out().contains("healthy"), set.out());
        Cli bogus = Cli.run("status", "--set", "bogus=1");
        assertEquals(ExitCodes.CONFIG, bogus.exitCode(), bogus.out() + bogus.err());
        assertTrue(bogus.err().contains("bogus"), bogus.err());
    }

    @Test
    void statusFollowsTheConfiguredStatusFile() throws Exception {
        Path file = write(
                ProcessHandle.current().pid(),
                Instant.now(),
                new DaemonStatus.LastCycle(118, Instant.now(), Duration.ofMillis(5), null, null, 0),
                0);
        Path config = dir.resolve("c.properties");
        Files.writeString(config, "status.file = " + file + "\n");
        assertEquals(0, Cli.run("status", "--config", config.toString()).exitCode());
    }

    @Test
    void aBadMetricsAddressIsAConfigurationErrorNamingTheKey() throws Exception {
        Path config = dir.resolve("c.properties");
        Files.writeString(config, "backend = simulated\nmetrics.listen = localhost\nstatus.file =\n");
        Cli r = Cli.run("run", "--config", config.toString(), "--once");
        assertEquals(ExitCodes.CONFIG, r.exitCode());
        assertTrue(r.err().contains("metrics.listen") && r.err().contains("host:port"), r.err());
    }
}
