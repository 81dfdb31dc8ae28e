package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.Outcome;
import org.overbookd.config.ConfigException;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;
import org.overbookd.daemon.Service;
import org.overbookd.loop.CycleResult;

/**
 * The audit's promise against the fake oned: no action reaches oned that the audit log could not
 * record first. The audit directory is removed while the daemon runs (as a careless cleanup or a
 * lost mount would), then put back; and the audit file is {@code /dev/full}, where every write fails.
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
            one.vm(id, "batch-" + id).low();                    // on hold: overbookd deploys them
        }
        one.vm(10, "web").runningOn(host, one.now() - 5000).cpu(200.0);
    }

    @AfterEach
    void stop() {
        one.close();
    }

    private Settings settings(String auditFile) throws Exception {
        Path config = dir.resolve("overbookd.properties");
        Files.write(config, List.of(
                "one.endpoint = " + one.endpoint(),
                "one.auth-file = " + TestSessions.authFile(dir),
                "one.timeout = 2s",
                "overbooking.slots = 4",
                "audit.file = " + auditFile));
        return new SettingsLoader().load(config, Map.of()).settings();
    }

    private long mutatingCalls() {
        return one.methods().stream().filter(m -> m.equals("one.vm.deploy") || m.equals("one.vm.action")).count();
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
    }

    @Test
    void anAuditFileThatCannotBeOpenedIsAConfigurationErrorNamingTheKey() throws Exception {
        Path notADirectory = dir.resolve("plain-file");
        Files.writeString(notADirectory, "x");
        ConfigException e = assertThrows(ConfigException.class, () -> Service.assemble(
                settings(notADirectory.resolve("audit.jsonl").toString()), null, Map.of(), false, Clock.systemUTC()));
        assertEquals("audit.file", e.problems().get(0).key());
        assertTrue(e.getMessage().contains("is not a directory"), e.getMessage());
        assertEquals(0, one.calls().size(), "nothing was asked of oned");
    }

    @Test
    void withoutAnAuditLogTheDaemonActsOnOpenNebulaOnlyInADryRun() throws Exception {
        ConfigException e = assertThrows(ConfigException.class,
                () -> Service.assemble(settings(""), null, Map.of(), false, Clock.systemUTC()));
        assertEquals("audit.file", e.problems().get(0).key());
        assertTrue(e.getMessage().contains("only with an audit log"), e.getMessage());
        try (Service dry = Service.assemble(settings(""), null, Map.of(), true, Clock.systemUTC())) {
            CycleResult result = dry.runner().runCycle();
            assertTrue(result.outcomes().stream().allMatch(o -> o.status() == Outcome.Status.SKIPPED), result.toString());
        }
        assertEquals(0, mutatingCalls());
    }
}
