package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37's acceptance: a recorded week of 50 hosts whose VMs have 1 to 4 cores ({@link
 * MultiCoreWeek}) is replayed as recorded (the baseline within a point of record-info's mean
 * utilization, where clipping each VM at one core lost a third of it), and the configuration tune
 * recommends, applied as an administrator would and replayed with ten seeds neither chose nor
 * checked it, keeps within the budget.
 */
@Tag("slow")
class TuneMultiCoreWeekTest {

    private static final double BUDGET = 0.5;
    private static final int HOSTS = 50;

    @TempDir
    Path dir;

    private static double percent(String text, String label) {
        Matcher m = Pattern.compile(Pattern.quote(label) + ": ([0-9.]+)%").matcher(text);
        assertTrue(m.find(), label + " in\n" + text);
        return Double.parseDouble(m.group(1));
    }

    @Test
    void aWeekOfVmsOfOneToFourCoresReplaysAsRecordedAndItsAdviceHoldsOnUnseenSeeds() throws Exception {
        Path record = dir.resolve("record.csv");
        MultiCoreWeek.write(record, 1);

        Cli info = Cli.run("record-info", record.toString());
        assertEquals(0, info.exitCode(), info.err());
        assertTrue(info.out().contains("(6d 23h 55m; 2016 cycles every 5m; no gaps)"), info.out());
        assertTrue(info.out().contains("hosts: 50 hosts, 504 cores (37 x 8 cores, 13 x 16 cores)"), info.out());
        double recorded = percent(info.out(), "mean utilization");
        assertEquals(
                recorded, percent(info.out(), "as replayed"), 0.01, "no low-QoS VMs, no gaps, every host throughout");

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
        assertFalse(tune.err().contains("under a week"), "2,016 five-minute cycles are a week:\n" + tune.err());
        List<Map<String, String>> frontier = CsvRows.of(out.resolve("frontier.csv"));
        double baseline = Double.parseDouble(frontier.get(0).get("utilization_mean"));
        // one point: what the issue asks; sampling the record at the load interval and rounding its CSV
        // to 3 decimals move a week's mean by hundredths (clipped at one core it was 30.73 of 47.46)
        assertEquals(recorded, baseline, 1.0, "the replay without overbooking against what the record measured");
        Map<String, String> best = frontier.stream()
                .filter(r -> r.get("rank").equals("1"))
                .findFirst()
                .orElseThrow();
        assertEquals("yes", best.get("held_out_within_budget"), best.toString());
        assertTrue(Double.parseDouble(best.get("held_out_degradation_100_pct_max")) <= BUDGET, best.toString());

        // the recommended file applied as written, replayed with seeds 101-110: neither the three that chose it
        // nor the ten held out to check it
        Path check = dir.resolve("check.properties");
        List<String> grid = new ArrayList<>(Files.readAllLines(out.resolve("recommended.properties")));
        grid.addAll(List.of(
                "sim.trace-file = " + record,
                "sim.duration = 7d",
                "sweep.sim.seed = 101, 102, 103, 104, 105, 106, 107, 108, 109, 110"));
        Files.write(check, grid);
        Path runs = dir.resolve("unseen");
        Cli sweep = Cli.run("sweep", "--config", check.toString(), "--threads", "2", "--out", runs.toString());
        assertEquals(0, sweep.exitCode(), sweep.err());
        List<Map<String, String>> rows = CsvRows.of(runs.resolve("sweep.csv"));
        assertEquals(10, rows.size());
        long steps = 7 * 24 * 12;
        double worst = 0;
        for (Map<String, String> row : rows) {
            assertEquals(best.get("upper"), row.get("upper"));
            assertEquals(best.get("lower"), row.get("lower"));
            assertEquals(best.get("slots"), row.get("slots"));
            double degraded = 100.0 * Long.parseLong(row.get("degradation_100")) / (steps * HOSTS);
            worst = Math.max(worst, degraded);
        }
        assertTrue(worst <= BUDGET, "the worst of seeds 101-110: " + worst + "% of host-steps above 100%");
        System.out.printf(
                "multi-core week: record-info %.2f%%, replayed baseline %.3f%%, recommended %s/%s/%s,"
                        + " held out %s%%, seeds 101-110 worst %.3f%% (budget %.1f%%)%n",
                recorded,
                baseline,
                best.get("upper"),
                best.get("lower"),
                best.get("slots"),
                best.get("held_out_degradation_100_pct_max"),
                worst,
                BUDGET);
    }
}
