package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.Outcome;
import org.overbookd.cli.Main;
import org.overbookd.config.ConfigException;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;
import org.overbookd.daemon.Service;
import org.overbookd.daemon.health.Scrape;
import org.overbookd.loop.CycleResult;
import org.overbookd.testing.ManualClock;

/**
 * The audit's promise against the fake oned: no action reaches oned that the audit log could not
 * record first. The audit directory is removed while the daemon runs (as a careless cleanup or a
 * lost mount would), then put back; the audit file is {@code /dev/full}, where every write fails;
 * and its file system turns read-only, while the signals an operator alerts on are scraped.
 */
class AuditFailSafeTest {

    @TempDir
    Path dir;

    private FakeOned one;

    @BeforeEach
    void world() throws Exception {
        one = FakeOned.start(TestSessions.SESSION);
        FakeHost host = one.host(0, "node0", 8).usedCpu(200L); // 25 %: room for overbooked VMs
        for (int id = 30; id < 34; id++) {
            one.vm(id, "batch-" + id).low(); // on hold: overbookd deploys them
        }
        one.vm(10, "web").runningOn(host, one.now() - 5000).cpu(200.0);
    }

    @AfterEach
    void stop() {
        one.close();
    }

    private Settings settings(String auditFile, String... more) throws Exception {
        Path config = dir.resolve("overbookd.properties");
        List<String> lines = new ArrayList<>(List.of(
                "one.endpoint = " + one.endpoint(),
                "one.auth-file = " + TestSessions.authFile(dir),
                "one.timeout = 2s",
                "overbooking.slots = 4",
                "audit.file = " + auditFile));
        lines.addAll(List.of(more));
        Files.write(config, lines);
        return new SettingsLoader().load(config, Map.of()).settings();
    }

    private long mutatingCalls() {
        return one.methods().stream()
                .filter(m -> m.equals("one.vm.deploy") || m.equals("one.vm.action"))
                .count();
    }

    private void settle() {
        for (int t = 0; t < 3; t++) {
            one.tick();
        }
    }

    @Test
    void noActionReachesOnedWhileTheAuditDirectoryIsGoneAndEnactmentResumesWhenItIsBack() throws Exception {
        Path logs = dir.resolve("logs");
        Path audit = logs.resolve("audit.jsonl");
        try (Service service = Service.assemble(settings(audit.toString()), null, Map.of(), false, Clock.systemUTC())) {
            CycleResult first = service.runner().runCycle();
            assertEquals(Outcome.Status.OK, first.outcomes().get(0).status(), first.toString());
            assertEquals(1, mutatingCalls(), "the first deploy was recorded, then sent");
            settle();

            Files.delete(audit);
            Files.delete(logs);
            CycleResult blind = service.runner().runCycle();
            assertTrue(blind.auditFailure().isPresent(), "the failed write is reported");
            assertTrue(!blind.outcomes().isEmpty(), "the policy did want to act");
            assertTrue(blind.outcomes().stream().allMatch(o -> o.status() == Outcome.Status.SKIPPED), blind.toString());
            assertEquals(1, mutatingCalls(), "nothing reached oned while the audit could not be written");
            assertTrue(!Files.exists(logs), "a directory that vanished is not silently made again");

            Files.createDirectories(logs);
            CycleResult back = service.runner().runCycle();
            assertTrue(back.auditFailure().isEmpty());
            assertEquals(Outcome.Status.OK, back.outcomes().get(0).status(), back.toString());
            assertEquals(2, mutatingCalls(), "enactment resumed once a write succeeded");
            String record = Files.readString(audit);
            assertTrue(record.contains("\"event\":\"decision\"") && record.contains("\"event\":\"outcome\""), record);
            assertEquals(first.cycle() + 2, back.cycle(), "cycle numbers go on");
        }
    }

    @Test
    void aFullDeviceMeansNoAction() throws Exception {
        Path full = Path.of("/dev/full");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(full), "skipped: no /dev/full on this machine");
        try (Service service = Service.assemble(settings(full.toString()), null, Map.of(), false, Clock.systemUTC())) {
            CycleResult result = service.runner().runCycle();
            assertTrue(result.auditFailure().orElse("").contains("No space left on device"), result.toString());
            assertEquals(0, mutatingCalls(), "no deploy without a record");
        }
        settings(full.toString());
        assertEquals(
                73,
                Main.execute(
                        "run", "--config", dir.resolve("overbookd.properties").toString(), "--once"),
                "run --once: a cycle that enacted nothing because of the audit log is no success");
        assertEquals(0, mutatingCalls());
    }

    @Test
    void anAuditFileThatCannotBeOpenedIsAConfigurationErrorNamingTheKey() throws Exception {
        Path notADirectory = dir.resolve("plain-file");
        Files.writeString(notADirectory, "x");
        ConfigException e = assertThrows(
                ConfigException.class,
                () -> Service.assemble(
                        settings(notADirectory.resolve("audit.jsonl").toString()),
                        null,
                        Map.of(),
                        false,
                        Clock.systemUTC()));
        assertEquals("audit.file", e.problems().get(0).key());
        assertTrue(e.getMessage().contains("is not a directory"), e.getMessage());
        assertEquals(0, one.calls().size(), "nothing was asked of oned");
    }

    @Test
    void withoutAnAuditLogTheDaemonActsOnOpenNebulaOnlyInADryRun() throws Exception {
        ConfigException e = assertThrows(
                ConfigException.class, () -> Service.assemble(settings(""), null, Map.of(), false, Clock.systemUTC()));
        assertEquals("audit.file", e.problems().get(0).key());
        assertTrue(e.getMessage().contains("only with an audit log"), e.getMessage());
        try (Service dry = Service.assemble(settings(""), null, Map.of(), true, Clock.systemUTC())) {
            CycleResult result = dry.runner().runCycle();
            assertTrue(
                    result.outcomes().stream().allMatch(o -> o.status() == Outcome.Status.SKIPPED), result.toString());
        }
        assertEquals(0, mutatingCalls());
    }

    /**
     * Issue 31: the audit log's file system turns read-only while the daemon runs, and the signals an
     * operator alerts on say so, scraped over HTTP: every cycle decides, records nothing and enacts
     * nothing, {@code overbookd_consecutive_failures} rises, {@code overbookd_cycle_failures_total{cause="audit"}}
     * counts each, {@code overbookd_last_success_timestamp_seconds} stops, and {@code overbookd status}
     * says degraded. Once it is writable again the next cycle acts and the signals recover.
     *
     * <p>The audit directory is a tmpfs; a read-only tmpfs is then mounted over it, so that the path
     * the daemon writes to is on a read-only file system (its open file is not: the audit notices the
     * path names another file, opens it again, and gets EROFS, "Read-only file system", as an ext4
     * remounted read-only after an error gives). Needs root to mount; skipped, saying so, without it.
     */
    @Test
    void whileTheAuditIsOnAReadOnlyFileSystemTheFailuresRiseAndTheLastSuccessStops() throws Exception {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Assumptions.assumeTrue(
                mount("-t", "tmpfs", "-o", "size=4m", "tmpfs", logs.toString()),
                "skipped: mounting a tmpfs needs root (CAP_SYS_ADMIN)");
        List<String> mounted = new ArrayList<>(List.of(logs.toString()));
        try {
            ManualClock clock = new ManualClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
            Path status = dir.resolve("status.json");
            Settings settings = settings(
                    logs.resolve("audit.jsonl").toString(), "metrics.listen = 127.0.0.1:0", "status.file = " + status);
            try (Service service = Service.assemble(settings, null, Map.of(), false, clock)) {
                InetSocketAddress metrics = service.health().metricsAddress().orElseThrow();
                CycleResult first = service.runner().runCycle();
                assertEquals(Outcome.Status.OK, first.outcomes().get(0).status(), first.toString());
                double succeeded = clock.instant().getEpochSecond();
                assertEquals(succeeded, Scrape.of(metrics).value("overbookd_last_success_timestamp_seconds"));
                long sent = mutatingCalls();
                settle();

                assertTrue(
                        mount("-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", logs.toString()),
                        "a read-only tmpfs over it");
                mounted.add(0, logs.toString());
                for (int cycle = 1; cycle <= 3; cycle++) {
                    clock.advance(Duration.ofMinutes(1));
                    CycleResult blind = service.runner().runCycle();
                    assertTrue(blind.auditFailure().orElse("").contains("Read-only file system"), blind.toString());
                    assertTrue(!blind.outcomes().isEmpty(), "the policy did want to act");
                    Scrape scrape = Scrape.of(metrics);
                    assertEquals(cycle, scrape.value("overbookd_consecutive_failures"), "failures in a row");
                    assertEquals(cycle, scrape.value("overbookd_cycle_failures_total", "cause", "audit"));
                    assertEquals(
                            succeeded,
                            scrape.value("overbookd_last_success_timestamp_seconds"),
                            "the last success stays where it was");
                    settle();
                }
                assertEquals(sent, mutatingCalls(), "nothing reached oned while the audit could not be written");
                assertEquals(1, Main.execute("status", "--file", status.toString()), "status: degraded");

                assertTrue(umount(mounted.remove(0)), "writable again");
                clock.advance(Duration.ofMinutes(1));
                CycleResult back = service.runner().runCycle();
                assertTrue(back.failure().isEmpty(), back.toString());
                Scrape scrape = Scrape.of(metrics);
                assertEquals(0, scrape.value("overbookd_consecutive_failures"));
                assertEquals(
                        clock.instant().getEpochSecond(), scrape.value("overbookd_last_success_timestamp_seconds"));
                assertTrue(mutatingCalls() > sent, "enactment resumed");
                assertEquals(0, Main.execute("status", "--file", status.toString()), "status: healthy");
            }
        } finally {
            for (String m : mounted) {
                umount(m);
            }
        }
    }

    private static boolean mount(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("mount"));
        command.addAll(List.of(args));
        return run(command);
    }

    private static boolean umount(String path) throws IOException, InterruptedException {
        return run(List.of("umount", path));
    }

    private static boolean run(List<String> command) throws IOException, InterruptedException {
        try {
            Process p = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return p.waitFor() == 0;
        } catch (IOException e) {
            return false; // no mount command
        }
    }
}
