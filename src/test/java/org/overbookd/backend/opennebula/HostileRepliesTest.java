package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.BackendException;
import org.overbookd.cli.Main;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;
import org.overbookd.daemon.CycleRunner;
import org.overbookd.daemon.Daemon;
import org.overbookd.daemon.Service;
import org.overbookd.testing.LogCapture;
import picocli.CommandLine;

/**
 * Replies built to hurt, served by the fake oned to the daemon as {@code overbookd run} assembles it:
 * a reply that never ends, one nested 5,000 arrays deep, a VM whose USER_TEMPLATE holds 65,536 names
 * of one String.hashCode, a parse that outlasts the call's deadline. Each fails its call (or reads)
 * within bounds, and the daemon carries on.
 */
class HostileRepliesTest {

    @TempDir
    Path dir;

    private Path config(FakeOned one, String... more) throws Exception {
        Path config = dir.resolve("overbookd.properties");
        List<String> lines = new java.util.ArrayList<>(List.of(
                "backend = opennebula",
                "one.endpoint = " + one.endpoint(),
                "one.auth-file = " + TestSessions.authFile(dir),
                "audit.file = " + dir.resolve("audit.jsonl")));
        lines.addAll(List.of(more));
        if (lines.stream().noneMatch(line -> line.startsWith("one.timeout"))) {
            lines.add("one.timeout = 5s");
        }
        Files.write(config, lines);
        return config;
    }

    private static FakeOned world() throws Exception {
        FakeOned one = FakeOned.start(TestSessions.SESSION);
        one.host(0, "host-0", 8);
        one.vm(1, "vm-1").low();
        return one;
    }

    /** {@code overbookd run --once}: its exit code and what it printed on stderr. */
    private static String[] runOnce(Path config) {
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(new StringWriter(), true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute("run", "--config", config.toString(), "--once");
        return new String[] {Integer.toString(code), err.toString()};
    }

    @Test
    void aReplyThatNeverEndsFailsItsCallAtTheCapAndTheDaemonRunsOn() throws Exception {
        try (FakeOned one = world()) {
            // the size cap is under test, not the call's deadline: a deadline out of reach keeps the two from
            // racing on a loaded machine (where reading the capped mebibyte once outlasted the 5 s of config())
            Path config = config(one, "one.max-reply-mib = 1", "one.timeout = 120s");
            Settings settings = new SettingsLoader().load(config, Map.of()).settings();
            try (Service service = Service.assemble(settings, config, Map.of(), false, Clock.systemUTC())) {
                CycleRunner runner = service.runner();
                one.fail("one.vmpool.infoextended", FakeOned.Fault.ENDLESS_REPLY);
                BackendException cut = assertThrows(BackendException.class, runner::runCycle);
                assertEquals(BackendException.Cause.MALFORMED, cut.failureCause());
                assertTrue(
                        cut.getMessage().contains("reply larger than 1048576 bytes (one.max-reply-mib)"),
                        cut.getMessage());
                one.clearFaults();
                assertEquals(2, runner.runCycle().cycle(), "the next cycle runs and succeeds");
            }
            one.fail("one.vmpool.infoextended", FakeOned.Fault.ENDLESS_REPLY);
            String[] once = runOnce(config);
            assertEquals("69", once[0], once[1]);
            assertTrue(once[1].contains("one.max-reply-mib"), once[1]);
            assertEquals(1, once[1].strip().lines().count(), once[1]);
        }
    }

    @Test
    void fiveThousandNestedArraysFailTheCallWithOneLogLineAndNoStackTrace() throws Exception {
        try (FakeOned one = world()) {
            Path config = config(one);
            Settings settings = new SettingsLoader().load(config, Map.of()).settings();
            one.fail("one.hostpool.info", FakeOned.Fault.NESTED_ARRAYS);
            try (Service service = Service.assemble(settings, config, Map.of(), false, Clock.systemUTC());
                    LogCapture logs = LogCapture.start()) {
                BackendException refused = assertThrows(BackendException.class, service.runner()::runCycle);
                assertEquals(BackendException.Cause.MALFORMED, refused.failureCause());
                assertTrue(refused.getMessage().contains("nests elements more than 32 deep"), refused.getMessage());
                // and as the daemon runs it, on Quartz's thread: one line, no trace
                Daemon daemon = new Daemon(service.runner(), Duration.ofHours(1));
                Thread running = new Thread(
                        () -> {
                            try {
                                daemon.run();
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        },
                        "daemon-under-test");
                running.start();
                // the cycle's line is "cycle N failed: ..."; stop() waits for the cycle to end, so any
                // second line it would log is in before the checks below
                java.util.regex.Pattern failed = java.util.regex.Pattern.compile("cycle \\d+ failed");
                long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (!failed.matcher(logs.text()).find() && System.nanoTime() < until) {
                    java.util.concurrent.locks.LockSupport.parkNanos(1_000_000); // a poll: the daemon needs the core
                }
                assertTrue(failed.matcher(logs.text()).find(), "the daemon's cycle failed within 30 s: " + logs.text());
                daemon.stop();
                running.join();
                String log = logs.text();
                assertEquals(
                        1,
                        logs.events().stream()
                                .filter(e -> e.getFormattedMessage().contains("more than 32 deep"))
                                .count(),
                        log);
                assertTrue(logs.events().stream().allMatch(e -> e.getThrowableProxy() == null), log);
                assertFalse(log.contains("StackOverflowError") || log.contains("\tat "), log);
            }
            String[] once = runOnce(config);
            assertEquals("69", once[0], once[1]);
            assertEquals(1, once[1].strip().lines().count(), once[1]);
            assertTrue(once[1].contains("more than 32 deep") && !once[1].contains("StackOverflowError"), once[1]);
        }
    }

    @Test
    void aVmCarryingSixtyFiveThousandNamesOfOneHashIsReadWithAFewProbesPerName() throws Exception {
        List<String> names = HostileDocuments.collidingNames(1 << 16);
        try (FakeOned one = world()) {
            FakeVm vm = one.vm(2, "vm-2").low();
            names.forEach(name -> vm.attribute(name, "1"));
            // the fake writes the 5 MB VM with the JDK's StAX writer at each call: 30 s, as shipped, for a loaded
            // machine
            Path config = config(one, "one.timeout = 30s");
            Settings settings = new SettingsLoader().load(config, Map.of()).settings();
            try (Service service = Service.assemble(settings, config, Map.of(), false, Clock.systemUTC())) {
                assertEquals(2, service.runner().runCycle().view().queue().size(), "both low-QoS VMs read and queued");
            }
            String pool = OneDocuments.toString(OneDocuments.vmPool(List.of(vm)));
            long probes = XmlScanner.read(pool, in -> {
                int open = 1;
                while (open > 0) {
                    open += in.next() ? 1 : -1;
                }
                return in.probes();
            });
            // Java's hash puts all 65,536 on one chain: the old table probed about 2^31 times
            assertTrue(probes <= (long) XmlScanner.MAX_PROBES * names.size(), probes + " probes");
        }
    }

    @Test
    void aDocumentStillBeingParsedAtTheCallsDeadlineFailsTheCallAsATimeout() throws Exception {
        try (FakeOned one = world()) {
            OneXmlRpcClient client =
                    new OneXmlRpcClient(one.endpoint(), TestSessions.session(dir), Duration.ofMillis(300));
            OneCallFailure late = assertThrows(
                    OneCallFailure.class,
                    () -> client.callForDocument("one.hostpool.info", (document, deadline) -> {
                        while (!deadline.passed()) {
                            Thread.onSpinWait(); // a parse this slow: the scanner notices the deadline itself
                        }
                        return XmlScanner.read("<R>" + "<A/>".repeat(2 * 4096) + "</R>", deadline, in -> {
                            while (in.next()) {
                                in.skip();
                            }
                            return null;
                        });
                    }));
            assertEquals(OneCallFailure.Kind.TIMEOUT, late.kind());
            assertEquals(BackendException.Cause.TIMEOUT, late.failureCause());
            assertTrue(late.getMessage().contains("still being parsed"), late.getMessage());
            assertInstanceOf(OneCallFailure.class, late);
        }
    }
}
