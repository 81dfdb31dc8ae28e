package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.config.SettingsLoader;
import org.overbookd.daemon.Service;
import org.overbookd.testing.ManualClock;

/**
 * {@code overbookd audit --summary} over a real audit log: the daemon on the simulated backend runs
 * 6 hours of 5-minute cycles as node alpha (across midnight UTC, so the log rolls), then 2 hours as
 * node beta with --dry-run, into the same file (a rehearsal from scratch deploys nothing, so it only
 * ever decides deploys). Every figure the summary prints is counted here
 * again from the JSON lines of every file, independently of the command's pairing of records.
 */
class AuditSummaryTest {

    private static final Instant START = Instant.parse("2026-11-22T22:00:00Z");
    private static final Duration STEP = Duration.ofMinutes(5);

    @TempDir
    Path dir;

    private Path audit() {
        return dir.resolve("audit.jsonl");
    }

    private void runDaemon(ManualClock clock, String node, boolean dryRun, int cycles) throws Exception {
        Path config = dir.resolve(node + ".properties");
        Files.write(
                config,
                List.of(
                        "backend = simulated",
                        "sim.nodes = 6",
                        "sim.seed = 3",
                        "overbooking.lower-bound = 75",
                        "overbooking.upper-bound = 90",
                        "overbooking.slots = 2",
                        "schedule.overbooking-interval = 5m",
                        "ha.node-name = " + node,
                        "status.file = ",
                        "audit.file = " + audit()));
        var settings = new SettingsLoader().load(config, Map.of()).settings();
        try (Service service = Service.assemble(settings, null, Map.of(), dryRun, clock)) {
            for (int c = 0; c < cycles; c++) {
                service.runner().runCycle();
                clock.advance(STEP);
            }
        }
    }

    /** Every record of every file of the log, each file read whole. */
    private List<JsonNode> allRecords() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> records = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().startsWith("audit"))
                    .toList()) {
                for (String line : Files.readAllLines(f)) {
                    records.add(json.readTree(line));
                }
            }
        }
        return records;
    }

    /** The summary's table rows: label -> {decided, dry run}. */
    private static Map<String, String[]> table(String out) {
        Map<String, String[]> rows = new HashMap<>();
        for (String line : out.split("\n")) {
            if (line.length() > 27
                    && !line.startsWith("window")
                    && !line.startsWith("records")
                    && !line.startsWith("nodes")) {
                String[] cells = line.substring(27).trim().split("\\s+");
                if (cells.length == 2) {
                    rows.put(line.substring(0, 27).trim(), cells);
                }
            }
        }
        return rows;
    }

    private static void assertRow(Map<String, String[]> table, String label, Object decided, Object dry) {
        String[] row = table.get(label);
        assertTrue(row != null, "no row " + label + " in " + table.keySet());
        assertEquals(String.valueOf(decided), row[0], label + ", decided");
        assertEquals(String.valueOf(dry), row[1], label + ", dry run");
    }

    /** What the test counts from the lines of one node. */
    private static final class Counted {
        final Map<String, Long> decisions = new HashMap<>();
        final Map<String, Long> outcomes = new HashMap<>();
        final Set<Integer> hosts = new HashSet<>();
        final Map<Long, Long> suspensionsPerVm = new HashMap<>();
        /** Dry-run suspension decisions by "cycle vm", to tell a repeat of the previous cycle's. */
        final Set<String> drySuspends = new HashSet<>();

        long suspensions;
        long repeats;
        long records;

        long total() {
            return decisions.values().stream().mapToLong(Long::longValue).sum();
        }

        String max() {
            return suspensionsPerVm.isEmpty()
                    ? "-"
                    : Long.toString(suspensionsPerVm.values().stream()
                            .mapToLong(Long::longValue)
                            .max()
                            .orElseThrow());
        }

        String mean() {
            return suspensionsPerVm.isEmpty()
                    ? "-"
                    : String.format(Locale.ROOT, "%.2f", (double) suspensions / suspensionsPerVm.size());
        }
    }

    /**
     * Alpha enacts: its hosts and suspensions are those of outcome lines saying ok. Beta rehearses:
     * all its decisions count, each must have a "skipped"/"dry run" outcome line.
     */
    private static Counted count(List<JsonNode> records, String node, boolean dryRun) {
        Counted c = new Counted();
        for (JsonNode r : records) {
            if (dryRun
                    && r.path("node").asText().equals(node)
                    && r.get("event").asText().equals("decision")
                    && r.get("action").asText().equals("suspend")) {
                c.drySuspends.add(r.get("cycle").asLong() + " " + r.get("vm_id").asLong());
            }
        }
        for (JsonNode r : records) {
            if (!r.path("node").asText().equals(node)) {
                continue;
            }
            c.records++;
            String event = r.get("event").asText();
            String action = r.get("action").asText();
            if (event.equals("decision")) {
                c.decisions.merge(action, 1L, Long::sum);
            }
            boolean counts = dryRun
                    ? event.equals("decision")
                    : event.equals("outcome") && r.get("outcome").asText().equals("ok");
            if (dryRun && event.equals("outcome")) {
                assertEquals("skipped", r.get("outcome").asText(), r.toString());
                assertEquals("dry run", r.get("error_message").asText(), r.toString());
            }
            if (event.equals("outcome")) {
                c.outcomes.merge(r.get("outcome").asText(), 1L, Long::sum);
            }
            if (counts) {
                c.hosts.add(r.get("host_id").asInt());
                if (action.equals("suspend")
                        && dryRun
                        && c.drySuspends.contains((r.get("cycle").asLong() - 1) + " "
                                + r.get("vm_id").asLong())) {
                    c.repeats++;
                } else if (action.equals("suspend")) {
                    c.suspensions++;
                    c.suspensionsPerVm.merge(r.get("vm_id").asLong(), 1L, Long::sum);
                }
            }
        }
        return c;
    }

    @Test
    void summaryCountsWhatTheDaemonWroteAndTellsDryRunsApart() throws Exception {
        ManualClock clock = new ManualClock(START);
        runDaemon(clock, "alpha", false, 72);
        Instant rehearsal = clock.instant();
        runDaemon(clock, "beta", true, 24);

        try (Stream<Path> files = Files.list(dir)) {
            assertTrue(
                    files.filter(p -> p.getFileName().toString().matches("audit\\.2026-11-22\\.\\d+\\.jsonl"))
                                    .count()
                            >= 1,
                    "the log rolled at midnight UTC: the summary must read the rolled file too");
        }
        List<JsonNode> records = allRecords();
        Counted alpha = count(records, "alpha", false);
        Counted beta = count(records, "beta", true);
        assertTrue(
                alpha.suspensions > 0 && alpha.decisions.get("resume") > 0 && beta.decisions.get("deploy") > 0,
                "the scenario suspends and deploys: " + alpha.decisions + " " + beta.decisions);
        assertEquals(alpha.records + beta.records, records.size(), "every record names its node");

        Cli r = Cli.run("audit", "--summary", audit().toString());
        assertEquals(0, r.exitCode(), r.err());
        Map<String, String[]> t = table(r.out());
        assertRow(t, "decisions", alpha.total(), beta.total());
        for (String action : List.of("deploy", "suspend", "resume")) {
            assertRow(t, action, alpha.decisions.getOrDefault(action, 0L), beta.decisions.getOrDefault(action, 0L));
        }
        for (String status : List.of("ok", "refused", "failed", "unknown", "skipped")) {
            assertRow(
                    t,
                    "outcome " + status,
                    alpha.outcomes.getOrDefault(status, 0L),
                    beta.outcomes.getOrDefault(status, 0L));
        }
        assertEquals(beta.total(), beta.outcomes.get("skipped"), "each dry-run decision has its outcome line");
        assertRow(t, "hosts touched", alpha.hosts.size(), beta.hosts.size());
        assertRow(t, "VMs suspended (distinct)", alpha.suspensionsPerVm.size(), beta.suspensionsPerVm.size());
        assertRow(t, "suspensions", alpha.suspensions, beta.suspensions);
        assertRow(t, "repeats, not counted", "-", beta.repeats);
        assertRow(t, "suspensions per VM, max", alpha.max(), beta.max());
        assertRow(t, "suspensions per VM, mean", alpha.mean(), beta.mean());
        Instant last = rehearsal.plus(STEP.multipliedBy(23));
        double days = Duration.between(START, last).toMillis() / 86_400_000.0;
        assertRow(
                t,
                "suspensions per day",
                String.format(Locale.ROOT, "%.1f", alpha.suspensions / days),
                String.format(Locale.ROOT, "%.1f", beta.suspensions / days));
        assertTrue(
                r.out().contains("alpha (" + alpha.records + " records), beta (" + beta.records + " records)"),
                r.out());

        // the rehearsal's window alone: beta's figures, nothing decided for real, per day over those 2 hours
        Cli window = Cli.run(
                "audit",
                "--summary",
                audit().toString(),
                "--since",
                rehearsal.toString(),
                "--until",
                rehearsal.plus(Duration.ofHours(2)).toString());
        assertEquals(0, window.exitCode(), window.err());
        Map<String, String[]> w = table(window.out());
        assertRow(w, "decisions", 0, beta.total());
        assertRow(w, "suspensions", 0, beta.suspensions);
        assertRow(w, "deploy", 0, beta.decisions.get("deploy"));
        assertRow(w, "suspensions per day", "0.0", String.format(Locale.ROOT, "%.1f", beta.suspensions * 12.0));
        assertTrue(window.out().contains("nodes     beta (" + beta.records + " records)"), window.out());
    }

    /**
     * Written by hand, what a live cluster gives and the simulated one cannot: an unknown outcome
     * settled ok two cycles on by the other node, a decision held back because the audit failed
     * (skipped, but no dry run), and a refusal.
     */
    @Test
    void anUnknownOutcomeCountsAsItsSettlementAndOnlyADryRunIsADryRun() throws IOException {
        String d =
                "{\"time\":\"2026-11-22T10:0%d:00Z\",\"cycle\":%d,\"node\":\"%s\",\"event\":\"%s\",\"action\":\"%s\","
                        + "\"vm_id\":%d,\"host_id\":%d,\"reason\":\"r\"%s}";
        Files.write(
                audit(),
                List.of(
                        String.format(Locale.ROOT, d, 0, 3, "a", "decision", "suspend", 5, 1, ""),
                        String.format(
                                Locale.ROOT, d, 0, 3, "a", "outcome", "suspend", 5, 1, ",\"outcome\":\"unknown\""),
                        String.format(Locale.ROOT, d, 1, 4, "a", "decision", "deploy", 6, 2, ""),
                        String.format(
                                Locale.ROOT,
                                d,
                                1,
                                4,
                                "a",
                                "outcome",
                                "deploy",
                                6,
                                2,
                                ",\"outcome\":\"skipped\",\"error_code\":\"AUDIT\",\"error_message\":\"dry run\""),
                        String.format(Locale.ROOT, d, 2, 5, "b", "reconciled", "suspend", 5, 1, ",\"outcome\":\"ok\""),
                        String.format(Locale.ROOT, d, 2, 5, "b", "decision", "resume", 5, 3, ""),
                        String.format(
                                Locale.ROOT, d, 2, 5, "b", "outcome", "resume", 5, 3, ",\"outcome\":\"refused\"")));
        Cli r = Cli.run("audit", "--summary", audit().toString());
        assertEquals(0, r.exitCode(), r.err());
        Map<String, String[]> t = table(r.out());
        assertRow(t, "decisions", 3, 0);
        assertRow(t, "outcome ok", 1, 0);
        assertRow(t, "outcome unknown", 0, 0);
        assertRow(t, "settled after unknown", 1, 0);
        assertRow(t, "outcome skipped", 1, 0);
        assertRow(t, "outcome refused", 1, 0);
        assertRow(t, "suspensions", 1, 0);
        assertRow(t, "hosts touched", 1, 0);
        assertRow(t, "suspensions per day", "720.0", "0.0");
        assertTrue(r.out().contains("nodes     a (4 records), b (3 records)"), r.out());
    }

    /**
     * A rehearsal on a loaded cluster decides the same suspension every cycle while the load stays
     * (it enacts nothing): node r suspends VM 7 in cycles 1, 2 and 3, again in 5 after a cycle
     * without, and VM 8 in cycle 2; the enacting node a suspends VM 9 in cycles 1 and 2, both done.
     */
    @Test
    void aRehearsalsRepeatedSuspensionCountsOnceUntilItStops() throws IOException {
        String d = "{\"time\":\"2026-11-22T10:%02d:00Z\",\"cycle\":%d,\"node\":\"%s\",\"event\":\"%s\","
                + "\"action\":\"suspend\",\"vm_id\":%d,\"host_id\":1,\"reason\":\"r\"%s}";
        String dry = ",\"outcome\":\"skipped\",\"error_message\":\"dry run\"";
        List<String> lines = new ArrayList<>();
        int[][] rehearsed = {{1, 7}, {2, 7}, {2, 8}, {3, 7}, {5, 7}};
        for (int[] cv : rehearsed) {
            lines.add(String.format(Locale.ROOT, d, 5 * cv[0], cv[0], "r", "decision", cv[1], ""));
            lines.add(String.format(Locale.ROOT, d, 5 * cv[0], cv[0], "r", "outcome", cv[1], dry));
        }
        for (int cycle = 1; cycle <= 2; cycle++) {
            lines.add(String.format(Locale.ROOT, d, 5 * cycle, cycle, "a", "decision", 9, ""));
            lines.add(String.format(Locale.ROOT, d, 5 * cycle, cycle, "a", "outcome", 9, ",\"outcome\":\"ok\""));
        }
        Files.write(audit(), lines);
        Cli r = Cli.run("audit", "--summary", audit().toString());
        assertEquals(0, r.exitCode(), r.err());
        Map<String, String[]> t = table(r.out());
        assertRow(t, "decisions", 2, 5);
        assertRow(t, "suspensions", 2, 3);
        assertRow(t, "repeats, not counted", "-", 2);
        assertRow(t, "VMs suspended (distinct)", 1, 2);
        assertRow(t, "suspensions per VM, max", 2, 2);
        assertRow(t, "suspensions per VM, mean", "2.00", "1.50");
    }

    @Test
    void aBadUntilIsAUsageErrorNamingTheFlag() throws IOException {
        Files.writeString(audit(), "");
        Cli r = Cli.run("audit", "--summary", audit().toString(), "--until", "yesterday");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().contains("--until: 'yesterday'"), r.err());
    }
}
