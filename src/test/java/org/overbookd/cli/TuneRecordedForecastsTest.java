package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tune} replays the forecasts a record keeps. The record: two hosts of 4 cores whose VMs keep
 * them at 40% for twelve hours, while the VIM forecast 95% all along (host_forecast). Judged on the
 * record's forecast, no host is ever below the lower bound, so no low-QoS VM is placed; judged on
 * the measurement, or on the model's forecast from the replayed samples (the hour's mean, 40% and
 * the low-QoS VMs), they are. frontier.csv says which forecasts each configuration was judged on.
 */
class TuneRecordedForecastsTest {

    private static final Instant START = Instant.parse("2026-11-23T00:00:00Z");

    @TempDir
    Path dir;

    private Path record(boolean forecasts) throws IOException {
        List<String> rows = new ArrayList<>();
        rows.add(
                forecasts
                        ? "time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu,vcpus,host_forecast,cpu_forecast"
                        : "time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu,vcpus");
        String tail = forecasts ? ",95.000," : "";
        for (int minute = 0; minute <= 12 * 60; minute += 5) {
            Instant t = START.plusSeconds(60L * minute);
            for (int host = 0; host < 2; host++) {
                String h = t + "," + host + ",node" + host + ",4,40.000";
                rows.add(h + ",,,,,," + tail);
                for (int vm = 0; vm < 4; vm++) {
                    rows.add(h + "," + (10 * host + vm) + ",web-" + (10 * host + vm) + ",HIGH,RUNNING,40.000,1" + tail);
                }
            }
        }
        Path file = dir.resolve(forecasts ? "with.csv" : "without.csv");
        Files.write(file, rows);
        return file;
    }

    private Cli tune(Path record, Path out, String... more) throws IOException {
        Path grid = dir.resolve("grid.properties");
        Files.write(
                grid,
                List.of(
                        "sweep.overbooking.slots = 2",
                        "sweep.overbooking.upper-bound = 90",
                        "sweep.overbooking.lower-bound = 70"));
        List<String> args = new ArrayList<>(List.of(
                "tune",
                "--record",
                record.toString(),
                "--grid",
                grid.toString(),
                "--forecasts-and-guards",
                "--seeds",
                "1",
                "--held-out-seeds",
                "1",
                "--max-degradation",
                "100",
                "--out",
                out.toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void theRecordsForecastsAreWhatAForecastAwareReplayJudgesOnAndFrontierSaysSo() throws IOException {
        Path out = dir.resolve("record");
        Cli r = tune(record(true), out);
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().contains("forecasts in the record: 2 of 2 hosts (host_forecast"), r.err());
        List<Map<String, String>> rows = CsvRows.of(out.resolve("frontier.csv"));
        assertEquals(1 + 6, rows.size(), "the baseline, then 3 signals x min-run-time off and 30m");
        assertEquals("none", rows.get(0).get("forecasts"), "the baseline judges nothing");
        for (Map<String, String> row : rows.subList(1, rows.size())) {
            String source = row.get("utilization.source");
            double hours = Double.parseDouble(row.get("low_qos_hours_mean"));
            switch (source) {
                case "measured" -> {
                    assertEquals("none", row.get("forecasts"), row.toString());
                    assertTrue(hours > 0, "40% is below the lower bound: VMs are placed " + row);
                }
                case "forecast" -> {
                    assertEquals("record", row.get("forecasts"), row.toString());
                    assertEquals(0.0, hours, 0.0, "the recorded 95% is never below 70: nothing placed " + row);
                }
                default -> assertEquals("record", row.get("forecasts"), row.toString());
            }
        }
        assertTrue(rows.stream()
                .map(row -> row.get("overbooking.guard.min-run-time"))
                .toList()
                .containsAll(List.of("0s", "30m")));

        Path samples = dir.resolve("samples");
        Cli s = tune(record(true), samples, "--set", "sim.forecast.from=samples");
        assertEquals(0, s.exitCode(), s.err());
        for (Map<String, String> row : CsvRows.of(samples.resolve("frontier.csv"))) {
            if (row.get("utilization.source").equals("forecast")) {
                assertEquals("samples", row.get("forecasts"), row.toString());
                assertTrue(Double.parseDouble(row.get("low_qos_hours_mean")) > 0, "the model's forecast: " + row);
            }
        }
    }

    @Test
    void aRecordWithoutForecastsIsReplayedOnTheModelsAndTheRecommendationSaysWhatItWasJudgedOn() throws IOException {
        Path out = dir.resolve("old");
        Cli r = tune(record(false), out);
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().contains("forecasts in the record: none"), r.err());
        List<Map<String, String>> rows = CsvRows.of(out.resolve("frontier.csv"));
        for (Map<String, String> row : rows.subList(1, rows.size())) {
            assertEquals(
                    row.get("utilization.source").equals("measured") ? "none" : "samples",
                    row.get("forecasts"),
                    row.toString());
        }
        List<String> recommended = Files.readAllLines(out.resolve("recommended.properties"));
        String source = recommended.stream()
                .filter(l -> l.startsWith("utilization.source = "))
                .findFirst()
                .orElse("utilization.source = measured");
        assertEquals(
                !source.endsWith("measured"),
                recommended.stream().anyMatch(l -> l.startsWith("# Its hosts were judged on OpenNebula's default")),
                String.join("\n", recommended));
    }
}
