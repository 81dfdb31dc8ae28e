package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.BackendException;
import org.overbookd.cli.Main;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;
import org.overbookd.daemon.CycleRunner;
import org.overbookd.daemon.Daemon;
import org.overbookd.daemon.Service;
import org.overbookd.daemon.health.Scrape;

/**
 * The daemon's metrics endpoint, scraped over HTTP while the daemon runs against the fake oned with
 * faults injected, counts what the audit log and the fake's own call log show.
 */
class MetricsAgainstFakeOnedTest {

    private static final int HOSTS = 3;
    private static final int CORES = 8;
    private static final long CALM = 480; // 60 % of 8 cores: room for overbooking (lower bound 75)
    private static final long HOT = 760; // 95 %: above the upper bound, a VM must go

    @TempDir
    Path dir;

    @Test
    void scrapedCountsMatchTheAuditAndTheCallLog() throws Exception {
        try (FakeOned one = FakeOned.start(TestSessions.SESSION)) {
            buildWorld(one);
            Path audit = dir.resolve("audit.jsonl");
            Settings settings = settings(one, audit, "1m");
            Map<BackendException.Cause, Integer> thrown = new EnumMap<>(BackendException.Cause.class);
            InetSocketAddress address;
            try (Service service = Service.assemble(
                    settings, dir.resolve("overbookd.properties"), Map.of(), false, Clock.systemUTC())) {
                address = service.health().metricsAddress().orElseThrow();
                CycleRunner runner = service.runner();
                for (int cycle = 1; cycle <= 14; cycle++) {
                    switch (cycle) {
                        case 4 -> one.fail("one.hostpool.info", FakeOned.Fault.AUTH_FAILURE);
                        case 6 -> load(one, 0, HOT);
                        case 7 -> one.fail("one.vmpool.monitoring", FakeOned.Fault.TIMEOUT);
                        case 9 -> one.fail("one.vmpool.infoextended", FakeOned.Fault.HTTP_500);
                        case 10 -> load(one, 0, CALM);
                        case 12 -> one.fail("one.hostpool.monitoring", FakeOned.Fault.MALFORMED_DOCUMENT);
                        default -> {}
                    }
                    try {
                        runner.runCycle();
                    } catch (BackendException e) {
                        thrown.merge(e.failureCause(), 1, Integer::sum);
                    }
                    one.clearFaults();
                    for (int t = 0; t < 3; t++) {
                        one.tick();
                    }
                }
                Scrape scrape = Scrape.of(address);
                assertTrue(scrape.contentType().startsWith("text/plain"), scrape.contentType());
                assertMatches(scrape, one, audit, thrown, 4, "deploy", "suspend", "resume");
                assertEquals(HOSTS, scrape.value("overbookd_hosts_observed"));
                assertEquals(
                        2.0 * HOSTS,
                        scrape.value("overbookd_slots_in_use") + scrape.value("overbookd_slots_available"),
                        "slots in use and free add up to overbooking.slots on every host");
            }
        }
    }

    /**
     * The real daemon on its Quartz schedule (one-second interval): while oned refuses our session
     * every cycle fails, the metrics and {@code overbookd status} say so (exit 1); once it answers
     * again they recover (exit 0); stopped, status exits 3; the counts match the audit and call logs.
     */
    /** Slow: the daemon runs on its own 1-second schedule for some five cycles of wall-clock time. */
    @Test
    @Tag("slow")
    @Tag("deadlines")
    void runningDaemonShowsFailuresAndRecoveryInMetricsAndStatus() throws Exception {
        try (FakeOned one = FakeOned.start(TestSessions.SESSION)) {
            buildWorld(one);
            Path audit = dir.resolve("audit.jsonl");
            Path status = dir.resolve("status.json");
            Settings settings = settings(one, audit, "1s");
            try (Service service = Service.assemble(
                    settings, dir.resolve("overbookd.properties"), Map.of(), false, Clock.systemUTC())) {
                InetSocketAddress address = service.health().metricsAddress().orElseThrow();
                Daemon daemon = new Daemon(service.runner(), service.interval());
                CompletableFuture<Void> running = CompletableFuture.runAsync(() -> {
                    try {
                        daemon.run();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                try {
                    awaitScrape(address, s -> s.value("overbookd_cycles_total") >= 2, "two cycles");
                    one.fail("one.hostpool.info", FakeOned.Fault.AUTH_FAILURE);
                    awaitScrape(address, s -> s.value("overbookd_consecutive_failures") >= 1, "a failed cycle");
                    awaitStatus(status, 1, "degraded while cycles fail");
                    one.clearFaults();
                    awaitScrape(
                            address, s -> s.value("overbookd_consecutive_failures") == 0, "a cycle succeeding again");
                    awaitStatus(status, 0, "healthy again");
                } finally {
                    daemon.stop();
                    running.get();
                }
                Scrape scrape = Scrape.of(address);
                Map<BackendException.Cause, Integer> failures = new EnumMap<>(BackendException.Cause.class);
                for (BackendException.Cause cause : BackendException.Cause.values()) {
                    int n = (int) scrape.value("overbookd_cycle_failures_total", "cause", cause.label());
                    if (n > 0) {
                        failures.put(cause, n);
                    }
                }
                // a cycle refused at its first call makes no second one: count those in the fake's log
                List<String> methods = one.methods();
                int faulted = 0;
                for (int i = 0; i < methods.size(); i++) {
                    if (methods.get(i).equals("one.hostpool.info")
                            && (i + 1 == methods.size() || !methods.get(i + 1).equals("one.hostpool.monitoring"))) {
                        faulted++;
                    }
                }
                assertTrue(faulted >= 1, "at least one cycle failed");
                assertMatches(scrape, one, audit, failures, faulted, "deploy");
                JsonNode file = new ObjectMapper().readTree(status.toFile());
                assertEquals(
                        scrape.value("overbookd_cycles_total"),
                        file.get("cycles").asDouble(),
                        "the status file counts the cycles the metrics count");
            }
            assertEquals(3, Main.execute("status", "--file", status.toString()), "stopped");
        }
    }

    /**
     * @param failures failures by cause the daemon saw (the exceptions it threw)
     * @param faulted  cycles the fake failed on purpose
     * @param mustHappen actions the run must have decided, so that equal counts are not equal zeros
     */
    private static void assertMatches(
            Scrape scrape,
            FakeOned one,
            Path audit,
            Map<BackendException.Cause, Integer> failures,
            int faulted,
            String... mustHappen)
            throws Exception {
        List<XmlRpcWire.Call> calls = one.calls();
        long observes = calls.stream()
                .filter(c -> c.method().equals("one.hostpool.info"))
                .count();
        assertEquals(observes, scrape.value("overbookd_cycles_total"), "every cycle starts with one.hostpool.info");
        assertEquals(observes, scrape.value("overbookd_cycle_duration_seconds_count"));
        double failed = 0;
        for (BackendException.Cause cause : BackendException.Cause.values()) {
            double n = scrape.value("overbookd_cycle_failures_total", "cause", cause.label());
            assertEquals(failures.getOrDefault(cause, 0), (int) n, "failures by cause " + cause.label());
            failed += n;
        }
        assertEquals(faulted, (int) failed, "failed cycles are the faulted ones");

        // decisions and outcomes: exactly the audit's lines
        Map<String, Integer> decided = new HashMap<>();
        Map<String, Integer> outcomes = new HashMap<>();
        Map<String, Integer> refusedByOned = new HashMap<>();
        ObjectMapper json = new ObjectMapper();
        for (String line : Files.readAllLines(audit)) {
            JsonNode r = json.readTree(line);
            String action = r.get("action").asText();
            switch (r.get("event").asText()) {
                case "decision" -> decided.merge(action, 1, Integer::sum);
                case "outcome" -> {
                    outcomes.merge(action + "/" + r.get("outcome").asText(), 1, Integer::sum);
                    if (r.path("error_code").asText().startsWith("0x")) {
                        refusedByOned.merge(action, 1, Integer::sum);
                    }
                }
                default -> {}
            }
        }
        for (String action : mustHappen) {
            assertTrue(decided.getOrDefault(action, 0) > 0, "the run made a " + action + " decision: " + decided);
        }
        for (String action : List.of("deploy", "suspend", "resume")) {
            assertEquals(
                    decided.getOrDefault(action, 0),
                    (int) scrape.value("overbookd_decisions_total", "action", action),
                    "decisions " + action);
            for (String status : List.of("ok", "refused", "failed", "unknown", "skipped")) {
                assertEquals(
                        outcomes.getOrDefault(action + "/" + status, 0),
                        (int) scrape.value("overbookd_outcomes_total", "action", action, "status", status),
                        "outcomes " + action + "/" + status);
            }
        }
        // what oned was asked to do: each ok outcome is one accepted call, each oned refusal one refused call
        Map<String, Integer> sent = new HashMap<>();
        for (XmlRpcWire.Call call : calls) {
            if (call.method().equals("one.vm.deploy")) {
                sent.merge("deploy", 1, Integer::sum);
            } else if (call.method().equals("one.vm.action")) {
                sent.merge(String.valueOf(call.param(1)), 1, Integer::sum);
            }
        }
        for (String action : List.of("deploy", "suspend", "resume")) {
            assertEquals(
                    sent.getOrDefault(action, 0),
                    (int) scrape.value("overbookd_outcomes_total", "action", action, "status", "ok")
                            + refusedByOned.getOrDefault(action, 0),
                    "calls of " + action + " in the fake's log: " + sent);
        }
        assertEquals(0, scrape.value("overbookd_audit_write_failures_total"));
    }

    private Settings settings(FakeOned one, Path audit, String interval) throws Exception {
        Path config = dir.resolve("overbookd.properties");
        List<String> lines = new ArrayList<>(one.daemonConfig(dir));
        lines.addAll(List.of(
                "overbooking.lower-bound = 75",
                "overbooking.upper-bound = 90",
                "overbooking.slots = 2",
                "schedule.overbooking-interval = " + interval,
                "audit.file = " + audit,
                "metrics.listen = 127.0.0.1:0",
                "status.file = " + dir.resolve("status.json")));
        Files.write(config, lines);
        return new SettingsLoader().load(config, Map.of()).settings();
    }

    private static void buildWorld(FakeOned one) {
        long now = one.now();
        int id = 100;
        for (int h = 0; h < HOSTS; h++) {
            FakeHost host = one.host(h, "node" + h, CORES);
            for (int c = 0; c < CORES; c++, id++) {
                one.vm(id, "web-" + id).runningOn(host, now - 7200).cpu(60.0);
            }
            host.usedCpu(CALM);
        }
        for (int v = 1; v <= 10; v++) {
            one.vm(v, "batch-" + v).low();
        }
    }

    private static void load(FakeOned one, int host, long usedCpu) {
        one.hostForTest(host).usedCpu(usedCpu);
    }

    /**
     * Waits for {@code overbookd status} to exit {@code expected}: after a cycle the metrics are
     * updated first and the status file rewritten next, so a scrape may run a moment ahead of it.
     */
    private static void awaitStatus(Path status, int expected, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        int last;
        do {
            last = Main.execute("status", "--file", status.toString());
            if (last == expected) {
                return;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        throw new AssertionError(what + ": overbookd status still exits " + last + " after 10 s, not " + expected);
    }

    private static void awaitScrape(InetSocketAddress address, Predicate<Scrape> condition, String what)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        List<String> seen = new ArrayList<>();
        while (System.nanoTime() < deadline) {
            Scrape scrape = Scrape.of(address);
            if (condition.test(scrape)) {
                return;
            }
            seen.add(String.valueOf(scrape.value("overbookd_cycles_total")));
            Thread.onSpinWait();
        }
        throw new AssertionError("no " + what + " within 30 s; cycles seen: " + seen);
    }
}
