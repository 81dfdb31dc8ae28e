package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sweep over several seeds writes each configuration's mean and 95% interval over them. */
class SweepIntervalsTest {

    @TempDir
    Path dir;

    private static void ok(Cli cli) {
        assertEquals(0, cli.exitCode(), cli.err());
    }

    private Path grid(String seeds) throws IOException {
        return Files.writeString(
                dir.resolve("grid-" + seeds.length() + ".properties"),
                String.join(
                        "\n",
                        "sim.nodes = 6",
                        "sim.duration = 1d",
                        "sweep.overbooking.lower-bound = 60, 75",
                        "sweep.sim.seed = " + seeds,
                        ""));
    }

    @Test
    void eachConfigurationHasItsMeanAndStudentsIntervalOverTheSeedsAsSweepCsvGivesThem() throws IOException {
        Path whole = dir.resolve("whole");
        Cli run = Cli.run("sweep", "--config", grid("1, 2, 3").toString(), "--threads", "2", "--out", whole.toString());
        ok(run);
        assertTrue(
                run.out().contains("sweep-intervals.csv (mean and 95% interval over the seeds, Student's t)"),
                run.out());
        List<Map<String, String>> runs = CsvRows.of(whole.resolve("sweep.csv"));
        List<Map<String, String>> intervals = CsvRows.of(whole.resolve("sweep-intervals.csv"));
        assertEquals(2, intervals.size(), "one row per lower bound");
        for (Map<String, String> row : intervals) {
            assertEquals("1 2 3", row.get("seeds"));
            double[] u = runs.stream()
                    .filter(r -> r.get("lower").equals(row.get("lower")))
                    .mapToDouble(r -> Double.parseDouble(r.get("utilization")))
                    .toArray();
            assertEquals(3, u.length);
            double mean = (u[0] + u[1] + u[2]) / 3;
            double sd = Math.sqrt(
                    ((u[0] - mean) * (u[0] - mean) + (u[1] - mean) * (u[1] - mean) + (u[2] - mean) * (u[2] - mean))
                            / 2);
            // t for 2 degrees of freedom, two-sided 95%: 4.302653
            double half = 4.302653 * sd / Math.sqrt(3);
            assertTrue(half > 0, "three seeds of a day differ");
            assertEquals(mean, Double.parseDouble(row.get("utilization_mean")), 0.00005 + 1e-9);
            assertEquals(mean - half, Double.parseDouble(row.get("utilization_ci95_low")), 0.0001);
            assertEquals(mean + half, Double.parseDouble(row.get("utilization_ci95_high")), 0.0001);
            assertEquals("verboven-4.1", row.get("workload"));
        }

        // two shards merged: the same bytes, intervals included
        Path s1 = dir.resolve("s1");
        Path s2 = dir.resolve("s2");
        ok(Cli.run("sweep", "--config", grid("1, 2, 3").toString(), "--shard", "1/2", "--out", s1.toString()));
        ok(Cli.run("sweep", "--config", grid("1, 2, 3").toString(), "--shard", "2/2", "--out", s2.toString()));
        assertFalse(Files.exists(s1.resolve("sweep-intervals.csv")), "a shard holds part of the seeds: no intervals");
        Path merged = dir.resolve("merged");
        ok(Cli.run("sweep", "merge", s1.toString(), s2.toString(), "--out", merged.toString()));
        assertArrayEquals(
                Files.readAllBytes(whole.resolve("sweep-intervals.csv")),
                Files.readAllBytes(merged.resolve("sweep-intervals.csv")));
    }

    @Test
    void aSweepOfOneSeedWritesNoIntervalsAndRemovesOneLeftBefore() throws IOException {
        Path out = dir.resolve("out");
        ok(Cli.run("sweep", "--config", grid("1, 2").toString(), "--out", out.toString()));
        assertTrue(Files.exists(out.resolve("sweep-intervals.csv")));
        Cli one = Cli.run("sweep", "--config", grid("4").toString(), "--out", out.toString());
        ok(one);
        assertFalse(Files.exists(out.resolve("sweep-intervals.csv")), "stale intervals of another sweep");
        assertFalse(one.out().contains("sweep-intervals"), one.out());
    }
}
