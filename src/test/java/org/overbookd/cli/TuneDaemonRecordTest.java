package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The acceptance: a week recorded by the daemon itself, tuned with a budget, and the
 * recommendation replayed with seeds tune never saw, which must keep within the budget too.
 */
@Tag("slow")
class TuneDaemonRecordTest {

    private static final int HOSTS = 10;
    private static final double BUDGET = 0.5;

    @TempDir
    Path dir;

    @Test
    void theRecommendationForADaemonsWeekKeepsWithinTheBudgetWithOtherSeeds() throws Exception {
        Path record = dir.resolve("record.csv");
        DaemonRecord.write(record, HOSTS, Duration.ofDays(7), 5, null);

        Cli info = Cli.run("record-info", record.toString());
        assertEquals(0, info.exitCode(), info.err());
        assertTrue(info.out().contains("files: 8 (record.2026-11-16.1.csv ... record.csv)"), info.out());
        assertTrue(info.out().contains("(7d 0h 0m; 2017 cycles every 5m; no gaps)"), info.out());

        Path out = dir.resolve("tune");
        Cli tune = Cli.run(
                "tune",
                "--record",
                record.toString(),
                "--max-degradation",
                Double.toString(BUDGET),
                "--threads",
                "2",
                "--out",
                out.toString());
        assertEquals(0, tune.exitCode(), tune.out() + tune.err());
        assertTrue(
                tune.err().contains("tune: 42 configurations and the baseline x 3 seeds = 129 replays of 7d 0h 5m"),
                tune.err());
        assertTrue(!tune.err().contains("warning"), "a whole week without gaps warrants no warning:\n" + tune.err());
        // the daemon overbooked while it recorded: its hosts measured its low-QoS VMs too, which the replay
        // leaves out, and the check against what they measured takes them out as well
        assertTrue(info.out().contains("low-QoS") && !info.out().contains(", 0 low-QoS"), info.out());
        assertTrue(tune.out().contains("(within 1 point)"), tune.out());

        List<Map<String, String>> frontier = CsvRows.of(out.resolve("frontier.csv"));
        Map<String, String> best = frontier.stream()
                .filter(r -> r.get("rank").equals("1"))
                .findFirst()
                .orElseThrow();
        assertTrue(Double.parseDouble(best.get("degradation_100_pct_max")) <= BUDGET, best.toString());
        assertTrue(
                frontier.stream().anyMatch(r -> r.get("within_budget").equals("no")),
                "the budget binds: some configuration breaks it");
        double bestUtilization = Double.parseDouble(best.get("utilization_mean"));
        for (Map<String, String> row : frontier) {
            if (row.get("within_budget").equals("yes") && !row.get("config").equals("baseline")) {
                assertTrue(Double.parseDouble(row.get("utilization_mean")) <= bestUtilization, row.toString());
            }
        }
        assertTrue(best.get("pareto").equals("yes"), "the best within the budget is on the frontier: " + best);

        // the recommended file, applied as an administrator would, with seeds tune did not use
        Path recommended = out.resolve("recommended.properties");
        for (long seed : new long[] {101, 102, 103}) {
            Path run = dir.resolve("check-" + seed);
            Cli sim = Cli.run(
                    "simulate",
                    "--config",
                    recommended.toString(),
                    "--set",
                    "sim.trace-file=" + record,
                    "--set",
                    "sim.duration=10085m",
                    "--seed",
                    Long.toString(seed),
                    "--out",
                    run.toString());
            assertEquals(0, sim.exitCode(), sim.err());
            Map<String, String> row = CsvRows.of(run.resolve("summary.csv")).get(0);
            assertEquals(best.get("upper"), row.get("upper"));
            assertEquals(best.get("lower"), row.get("lower"));
            assertEquals(best.get("slots"), row.get("slots"));
            long steps = 10085 / 5;
            double percent = 100.0 * Long.parseLong(row.get("degradation_100")) / (steps * HOSTS);
            assertTrue(percent <= BUDGET, "seed " + seed + ": " + percent + "% of host-steps above 100%");
        }
    }
}
