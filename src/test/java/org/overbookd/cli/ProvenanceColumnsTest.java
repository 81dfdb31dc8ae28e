package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every result table of the four models ends with the same three columns saying what it was computed
 * on, with the same values for the same kind of input: a run on a scenario tuned to a paper's row
 * never reads as one on a trace.
 */
class ProvenanceColumnsTest {

    @TempDir
    Path dir;

    private static final List<String> COLUMNS = List.of("workload", "workload_kind", "demand_source");

    /** Each row of {@code file} ends with the provenance columns, holding {@code expected} in every row. */
    private static void assertProvenance(Path file, String... expected) throws IOException {
        List<String> header = List.of(Files.readAllLines(file).get(0).split(","));
        assertEquals(COLUMNS, header.subList(header.size() - 3, header.size()), file + ": the last three columns");
        List<Map<String, String>> rows = CsvRows.of(file);
        assertFalse(rows.isEmpty(), file + " has rows");
        for (Map<String, String> row : rows) {
            assertEquals(
                    List.of(expected),
                    List.of(row.get("workload"), row.get("workload_kind"), row.get("demand_source")),
                    file + ": " + row);
        }
    }

    private static void ok(Cli cli) {
        assertEquals(0, cli.exitCode(), cli.err());
    }

    @Test
    void theOverbookingModelNamesItsGeneratorOrTheRecordItReplayed() throws Exception {
        ok(Cli.run(
                "simulate",
                "--set",
                "sim.duration=2h",
                "--out",
                dir.resolve("sim").toString()));
        assertProvenance(dir.resolve("sim/summary.csv"), "verboven-4.1", "synthetic", "generated");

        Path grid = Files.writeString(
                dir.resolve("grid.properties"),
                "sim.duration = 2h\nsweep.overbooking.lower-bound = 60, 70\nsweep.sim.seed = 1, 2\n");
        ok(Cli.run(
                "sweep",
                "--config",
                grid.toString(),
                "--threads",
                "1",
                "--out",
                dir.resolve("sweep").toString()));
        assertProvenance(dir.resolve("sweep/sweep.csv"), "verboven-4.1", "synthetic", "generated");

        Path record = dir.resolve("record.csv");
        DaemonRecord.write(record, 3, java.time.Duration.ofHours(2), 1, null);
        ok(Cli.run(
                "simulate",
                "--set",
                "sim.trace-file=" + record,
                "--set",
                "sim.duration=1h",
                "--out",
                dir.resolve("replay").toString()));
        assertProvenance(dir.resolve("replay/summary.csv"), record.getFileName().toString(), "trace", "measured");
    }

    @Test
    void theSlotModelSaysWhichScenarioAndWhetherItWasTunedOrCalibrated() throws IOException {
        Path tasks = Files.writeString(
                dir.resolve("tasks.csv"), "id,submit_s,priority,cpu_seconds\nt1,0,0,100\nt2,5,9,200\nt3,6,4,50\n");
        ok(Cli.run(
                "simulate",
                "--model",
                "slots",
                "--policy",
                "pri",
                "--tasks",
                tasks.toString(),
                "--out",
                dir.resolve("csv").toString()));
        for (String file : List.of("summary.csv", "classes.csv", "sticky.csv", "slot-types.csv")) {
            assertProvenance(dir.resolve("csv").resolve(file), "tasks.csv", "trace", "stated");
        }
        ok(Cli.run(
                "simulate",
                "--model",
                "slots",
                "--policy",
                "hybrid",
                "--scenario",
                "calibrated",
                "--out",
                dir.resolve("calibrated").toString()));
        assertProvenance(dir.resolve("calibrated/summary.csv"), "calibrated", "calibrated", "generated");
    }

    @Test
    void theTypeModelLabelsAGeneratedStandInAsSynthetic() throws IOException {
        ok(Cli.run(
                "simulate",
                "--model",
                "types",
                "--policy",
                "maxweight,best-fit",
                "--scenario",
                "example1",
                "--horizon",
                "50",
                "--out",
                dir.resolve("ex1").toString()));
        assertProvenance(dir.resolve("ex1/summary.csv"), "example1", "synthetic", "generated");
    }

    @Test
    void theRequestModelNamesItsWorkloadFileInClassesCsv() throws IOException {
        Path out = dir.resolve("qos");
        ok(Cli.run(
                "simulate",
                "--model",
                "requests",
                "--policy",
                "priority",
                "--workload",
                "sim/qos-validation/test1-workload.csv",
                "--hosts",
                "sim/qos-validation/hosts.csv",
                "--until",
                "600",
                "--out",
                out.toString()));
        assertProvenance(out.resolve("classes.csv"), "test1-workload.csv", "trace", "stated");
    }
}
