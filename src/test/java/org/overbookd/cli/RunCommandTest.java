package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code overbookd run} against the simulated backend: --once, --dry-run, records, and a real SIGTERM. */
class RunCommandTest {

    @TempDir
    Path dir;

    private Path config(String... extra) throws IOException {
        Path file = dir.resolve("overbookd.properties");
        List<String> lines = new ArrayList<>(List.of(
                "backend = simulated",
                "sim.nodes = 4",
                "schedule.overbooking-interval = 1s",
                "overbooking.lower-bound = 90",
                "overbooking.upper-bound = 95",
                "audit.file = " + dir.resolve("audit.jsonl"),
                "record.file = " + dir.resolve("record.csv")));
        lines.addAll(List.of(extra));
        Files.write(file, lines);
        return file;
    }

    @Test
    void onceRunsOneCycleAuditsAndRecords() throws IOException {
        Cli r = Cli.run("run", "--config", config().toString(), "--once");
        assertEquals(0, r.exitCode(), r.err());
        List<String> audit = Files.readAllLines(dir.resolve("audit.jsonl"));
        assertEquals(8, audit.size(), "4 idle hosts under 90%: 4 deploy decisions and 4 outcomes");
        ObjectMapper json = new ObjectMapper();
        JsonNode outcome = json.readTree(audit.get(7));
        assertEquals("outcome", outcome.get("event").asText());
        assertEquals("ok", outcome.get("outcome").asText());
        List<String> record = Files.readAllLines(dir.resolve("record.csv"));
        assertEquals(
                "time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu,vcpus,host_forecast,cpu_forecast",
                record.get(0));
        assertEquals(1 + 4 * (1 + 8), record.size(), "a row per host and per high-QoS VM before any deploy");
        assertTrue(
                record.get(1).matches(".*,[0-9.]+,,,,,,,,"),
                "a host row, no VM columns, no forecast (utilization.source = measured): " + record.get(1));
        assertTrue(
                record.get(2).matches(".*,HIGH,RUNNING,[0-9.]+,1,,"), "a simulated VM of one core: " + record.get(2));
    }

    @Test
    void dryRunDecidesAndAuditsButEnactsNothing() throws IOException {
        Cli r = Cli.run("run", "--config", config().toString(), "--once", "--dry-run");
        assertEquals(0, r.exitCode(), r.err());
        List<String> audit = Files.readAllLines(dir.resolve("audit.jsonl"));
        assertEquals(8, audit.size());
        ObjectMapper json = new ObjectMapper();
        for (String line : audit.subList(4, 8)) {
            assertEquals("skipped", json.readTree(line).get("outcome").asText(), line);
        }
    }

    @Test
    void unwritableAuditOrRecordFilesAreConfigurationErrorsNamingTheKeyInRunAndCheckConfig() throws IOException {
        Path plain = dir.resolve("plain");
        Files.writeString(plain, "not a directory");
        for (String key : List.of("audit.file", "record.file")) {
            Path config = config();
            String set = key + "=" + plain.resolve("x");
            Cli run = Cli.run("run", "--config", config.toString(), "--set", set, "--once", "--dry-run");
            assertEquals(ExitCodes.CONFIG, run.exitCode(), run.err());
            assertTrue(
                    run.err()
                            .contains(key + ": cannot create " + plain.resolve("x") + ": " + plain
                                    + " is not a directory"),
                    run.err());
            assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), run.err());
            Cli check = Cli.run("check-config", "--config", config.toString(), "--set", set);
            assertEquals(ExitCodes.CONFIG, check.exitCode(), check.err());
            assertTrue(check.out().contains("FAILED") && check.out().contains(key), check.out());
        }
    }

    @Test
    void cycleNumbersContinueAcrossRestartsAndTheRehearsalRunsOnTheWallClock() throws IOException {
        java.time.Instant before = java.time.Instant.now().minusSeconds(1);
        Path status = dir.resolve("status.json");
        Path config = config("overbooking.queue = qos", "status.file = " + status); // the qos rule audits each VM's Q
        assertEquals(0, Cli.run("run", "--config", config.toString(), "--once").exitCode());
        assertEquals(0, Cli.run("run", "--config", config.toString(), "--once").exitCode());
        // one counter: the status file numbers the cycle as the audit and the log do, across the restart
        Cli shown = Cli.run("status", "--file", status.toString());
        assertTrue(shown.out().contains("#2 ended"), shown.out());
        ObjectMapper json = new ObjectMapper();
        List<String> audit = Files.readAllLines(dir.resolve("audit.jsonl"));
        assertTrue(audit.stream().anyMatch(l -> l.contains("vm_q_seconds")), "Q is in the audit");
        assertEquals(1, json.readTree(audit.get(0)).get("cycle").asLong());
        assertEquals(2, json.readTree(audit.get(audit.size() - 1)).get("cycle").asLong(), "not 1 again");
        for (String line : audit) {
            JsonNode r = json.readTree(line);
            assertFalse(java.time.Instant.parse(r.get("time").asText()).isBefore(before), line);
            if (r.has("vm_q_seconds")) {
                // Q is measured from the VM's arrival, on the same clock as the cycle: never years off
                assertTrue(Math.abs(r.get("vm_q_seconds").asDouble()) < 86_400, line);
            }
        }
    }

    @Test
    void runNeedsAConfigFile() {
        Cli r = Cli.run("run", "--once");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().contains("--config"), r.err());
    }

    @Test
    void auditCommandFiltersByVmHostAndTime() throws IOException {
        assertEquals(
                0, Cli.run("run", "--config", config().toString(), "--once").exitCode());
        Path audit = dir.resolve("audit.jsonl");
        ObjectMapper json = new ObjectMapper();
        JsonNode first = json.readTree(Files.readAllLines(audit).get(0));
        String vm = first.get("vm_id").asText();
        Cli byVm = Cli.run("audit", audit.toString(), "--vm", vm);
        assertEquals(0, byVm.exitCode(), byVm.err());
        assertEquals(1 + 2, byVm.out().lines().count(), "header, decision and outcome:\n" + byVm.out());
        Cli byHost = Cli.run(
                "audit", audit.toString(), "--host", first.get("host_id").asText());
        assertEquals(1 + 2, byHost.out().lines().count(), byHost.out());
        Cli later = Cli.run("audit", audit.toString(), "--since", "2999-01-01T00:00:00Z");
        assertEquals(1, later.out().lines().count(), "nothing after 2999:\n" + later.out());
        assertEquals(
                ExitCodes.USAGE,
                Cli.run("audit", audit.toString(), "--since", "yesterday").exitCode());
        Cli backwards = Cli.run(
                "audit", audit.toString(), "--since", "2026-11-26T00:00:00Z", "--until", "2026-11-25T00:00:00Z");
        assertEquals(ExitCodes.USAGE, backwards.exitCode(), backwards.out());
        assertTrue(backwards.err().contains("--since 2026-11-26T00:00:00Z is after --until"), backwards.err());
    }

    @Test
    void auditCommandSkipsATornLineNamingItAndReadsTheRest() throws IOException {
        Path torn = dir.resolve("torn.jsonl");
        Files.writeString(
                torn,
                "{\"time\":\"2026-01-01T00:00:00Z\",\"vm_id\":1,\"host_id\":2}\n"
                        + "{\"time\":\"2026-01-01T00:05:00Z\",\"vm_\n"
                        + "{\"time\":\"2026-01-01T00:10:00Z\",\"vm_id\":3,\"host_id\":4}\n");
        Cli r = Cli.run("audit", torn.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().contains(torn + ":2: not a JSON audit record (skipped)"), r.err());
        assertEquals(1 + 2, r.out().lines().count(), "header and the two whole records:\n" + r.out());
    }

    @Test
    void auditCommandRefusesAFileWithNoRecordNamingIt() throws IOException {
        Path binary = dir.resolve("binary.jsonl");
        Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2, '\n', (byte) 0xc3, '\n'});
        Cli r = Cli.run("audit", binary.toString());
        assertEquals(ExitCodes.DATA_ERROR, r.exitCode(), r.err());
        assertTrue(r.err().contains(binary + ": not an overbookd audit log"), r.err());
        assertFalse(r.err().contains("Exception") || r.err().contains("Input length"), r.err());
        Cli missing = Cli.run("audit", dir.resolve("none.jsonl").toString());
        assertEquals(ExitCodes.NO_INPUT, missing.exitCode());
        assertTrue(missing.err().contains("none.jsonl: no such file"), missing.err());
        // an empty log (a daemon that has decided nothing yet) is an empty table, not an error
        Path empty = Files.createFile(dir.resolve("empty.jsonl"));
        Cli none = Cli.run("audit", empty.toString());
        assertEquals(ExitCodes.OK, none.exitCode(), none.err());
        assertEquals(1, none.out().strip().lines().count(), none.out());
        assertTrue(none.out().startsWith("time"), none.out());
    }

    /** {@code overbookd run --config FILE} as a real process, its output to {@code log}. */
    private static Process startDaemon(Path config, Path log) throws IOException {
        return new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        "org.overbookd.cli.Main",
                        "run",
                        "--config",
                        config.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }

    /** Waits (a minute at most) until {@code log} holds {@code text} or the process ends. */
    private static void awaitLog(Process p, Path log, String text) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(log).contains(text) && System.nanoTime() < deadline && p.isAlive()) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5)); // poll the log, don't spin a core
        }
    }

    /** SIGTERM while the daemon is still starting (reading its files) is an orderly stop too: exit 0, not 143. */
    @Test
    @org.junit.jupiter.api.Tag("slow")
    void sigtermDuringStartUpExitsZero() throws Exception {
        Path log = dir.resolve("start.log");
        Process p = startDaemon(config(), log);
        try {
            awaitLog(p, log, "starting with");
            p.destroy(); // SIGTERM on Linux, before the first cycle has run
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "exits after SIGTERM");
            assertEquals(0, p.exitValue(), Files.readString(log));
            assertFalse(Files.readString(log).contains("Exception"), Files.readString(log));
        } finally {
            p.destroyForcibly();
        }
    }

    /** A real process and a real SIGTERM: the cycle under way finishes and the exit code is 0. */
    @Test
    @org.junit.jupiter.api.Tag("slow")
    void sigtermStopsTheDaemonWithExitZero() throws Exception {
        Path log = dir.resolve("daemon.log");
        Process p = startDaemon(config(), log);
        try {
            awaitLog(p, log, "cycle 2:");
            assertTrue(Files.readString(log).contains("cycle 2:"), "two cycles ran:\n" + Files.readString(log));
            p.destroy(); // SIGTERM on Linux
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "exits after SIGTERM");
            assertEquals(0, p.exitValue(), Files.readString(log));
            String out = Files.readString(log);
            assertTrue(out.contains("received SIGTERM") && out.contains("stopped"), out);
            assertFalse(out.contains("Exception"), out);
        } finally {
            p.destroyForcibly();
        }
    }

    /**
     * kill -HUP reloads the configuration, as a change of the file would, and the daemon keeps
     * running (the JVM's default was exit 129, without a word); a reload of an unchanged file says
     * so; then SIGTERM still stops it with 0.
     */
    @Test
    @org.junit.jupiter.api.Tag("slow")
    void sighupReloadsAndTheDaemonKeepsRunning() throws Exception {
        Path log = dir.resolve("hup.log");
        Path config = config();
        Process p = startDaemon(config, log);
        try {
            awaitLog(p, log, "cycle 1:");
            if (hangupIgnoredHere()) {
                // started under nohup (a CI run may be): the daemon inherits SIGHUP ignored and must say so
                hup(p);
                awaitLog(p, log, "cycle 3:");
                String out = Files.readString(log);
                assertTrue(out.contains("SIGHUP is ignored in this process"), out);
                assertFalse(out.contains("received SIGHUP"), out);
                assertTrue(p.isAlive(), "still running after an ignored SIGHUP:\n" + out);
                p.destroy();
                assertTrue(p.waitFor(30, TimeUnit.SECONDS), "exits after SIGTERM");
                assertEquals(0, p.exitValue(), Files.readString(log));
                return;
            }
            assertFalse(Files.readString(log).contains("SIGHUP is ignored"), Files.readString(log));
            hup(p);
            awaitLog(p, log, "reloaded: nothing to apply");
            assertTrue(Files.readString(log).contains("received SIGHUP"), Files.readString(log));
            // keep the file's time: only the signal can make the daemon read it now
            java.nio.file.attribute.FileTime time = Files.getLastModifiedTime(config);
            Files.writeString(
                    config,
                    Files.readString(config).replace("overbooking.lower-bound = 90", "overbooking.lower-bound = 80"));
            Files.setLastModifiedTime(config, time);
            hup(p);
            awaitLog(p, log, "reloaded: overbooking.lower-bound 90 -> 80");
            String out = Files.readString(log);
            assertTrue(out.contains("reloaded: overbooking.lower-bound 90 -> 80"), out);
            assertTrue(p.isAlive(), "still running after two SIGHUPs:\n" + out);
            p.destroy();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "exits after SIGTERM");
            assertEquals(0, p.exitValue(), Files.readString(log));
        } finally {
            p.destroyForcibly();
        }
    }

    /** Whether this JVM was started with SIGHUP ignored (the SigIgn mask of /proc/self/status), which its children inherit. */
    private static boolean hangupIgnoredHere() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseLong(line.substring("SigIgn:".length()).strip(), 16) & 1L) != 0; // SIGHUP is 1
            }
        }
        return false;
    }

    private static void hup(Process p) throws Exception {
        assertEquals(
                0,
                new ProcessBuilder("kill", "-HUP", Long.toString(p.pid()))
                        .start()
                        .waitFor());
    }
}
