package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.opennebula.FakeOnedServer;

/**
 * A daemon without HA needs its OpenNebula user to keep the heartbeat board. A user who may not
 * create documents is refused by check-config and by run at start (78), in words that say what to
 * grant, instead of a daemon that starts and stands down forever; a dry run, which keeps no board,
 * still runs; and a user who may, passes.
 */
class HeartbeatBoardRightTest {

    @TempDir
    Path dir;

    private Path config(FakeOnedServer oned) throws Exception {
        Path auth = FakeOnedServer.authFile(Files.createDirectories(dir.resolve("auth")));
        Path config = dir.resolve("overbookd.properties");
        Files.write(
                config,
                List.of(
                        "backend = opennebula",
                        "one.endpoint = " + oned.endpoint(),
                        "one.auth-file = " + auth,
                        "one.timeout = 5s",
                        "audit.file = " + dir.resolve("audit.jsonl"),
                        "status.file = "));
        return config;
    }

    @Test
    void aUserWhoMayNotCreateDocumentsIsRefusedByCheckConfigAndAtStart() throws Exception {
        try (FakeOnedServer oned = FakeOnedServer.start(Duration.ofHours(1))) {
            oned.refuse("one.document.allocate");
            Path config = config(oned);
            Cli check = Cli.run("check-config", "--config", config.toString());
            assertEquals(ExitCodes.CONFIG, check.exitCode(), check.out() + check.err());
            assertTrue(
                    check.out()
                            .contains("ok          one.endpoint     oned 7.4.0 answers and accepts the session of"
                                    + " user oneadmin (id 2, group overbookd, id 100)"),
                    check.out());
            assertTrue(
                    check.out()
                            .contains("FAILED      one.auth-file    OpenNebula user oneadmin may not create"
                                    + " documents"),
                    check.out());
            assertTrue(check.err().contains("oneacl create \"@100 DOCUMENT/* CREATE\""), check.err());

            Cli run = Cli.run("run", "--config", config.toString(), "--once");
            assertEquals(ExitCodes.CONFIG, run.exitCode(), run.err());
            assertTrue(
                    run.err().contains("one.auth-file: OpenNebula user oneadmin may not create documents"), run.err());
            assertTrue(run.err().contains("oneacl create \"@100 DOCUMENT/* CREATE\""), run.err());
            assertFalse(run.err().contains("\tat "), run.err());
            assertFalse(oned.methods().contains("one.vm.deploy"), "nothing acted");

            Cli dry = Cli.run("run", "--config", config.toString(), "--once", "--dry-run");
            assertEquals(0, dry.exitCode(), "a dry run keeps no board: " + dry.err());
        }
    }

    @Test
    void aUserWhoMayKeepTheBoardPassesAndSeesWhatOnedSays() throws Exception {
        try (FakeOnedServer oned = FakeOnedServer.start(Duration.ofHours(1))) {
            Cli check = Cli.run("check-config", "--config", config(oned).toString());
            assertEquals(0, check.exitCode(), check.out() + check.err());
            assertTrue(check.out().contains("ok          one.auth-file    user oneadmin sees 3 hosts"), check.out());
            assertTrue(check.out().contains("ok          one.auth-file    may keep the heartbeat board"), check.out());
        }
    }

    @Test
    void anOnedThatDoesNotAnswerIsNotCheckedNotFailed() throws Exception {
        Path auth = FakeOnedServer.authFile(Files.createDirectories(dir.resolve("auth")));
        Cli check = Cli.run(
                "check-config",
                "--set",
                "one.endpoint=http://127.0.0.1:1/RPC2",
                "--set",
                "one.auth-file=" + auth,
                "--set",
                "one.timeout=2s",
                "--set",
                "audit.file=" + dir.resolve("audit.jsonl"),
                "--set",
                "status.file=");
        assertEquals(0, check.exitCode(), check.out() + check.err());
        assertTrue(
                check.out().contains("not checked one.endpoint     no answer from oned at http://127.0.0.1:1/RPC2"),
                check.out());
    }
}
