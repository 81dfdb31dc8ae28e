package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;
import org.overbookd.sweep.SweepGrid;

class ExperimentCommandTest {

    @Test
    void withoutANameItListsTheExperiments() {
        Cli cli = Cli.run("experiment");
        assertEquals(0, cli.exitCode(), cli.err());
        assertTrue(cli.out().startsWith("verboven-tables "), cli.out());
    }

    @Test
    void anUnknownExperimentOrPartIsAUsageErrorNamingWhatThereIs() {
        Cli unknown = Cli.run("experiment", "figure-9");
        assertEquals(ExitCodes.USAGE, unknown.exitCode());
        assertTrue(unknown.err().contains("'figure-9' is not one of verboven-tables, "), unknown.err());
        Cli part = Cli.run("experiment", "verboven-tables", "--part", "table-4");
        assertEquals(ExitCodes.USAGE, part.exitCode());
        assertTrue(part.err().contains("its parts: baseline, table-1, table-2, table-3"), part.err());
        // refused before anything runs
        Cli examples = Cli.run("experiment", "psychas-examples", "--part", "example-3");
        assertEquals(ExitCodes.USAGE, examples.exitCode());
        assertTrue(examples.err().contains("its parts: example-1, example-1-beta, example-2"), examples.err());
        Cli hybrid = Cli.run("experiment", "hybrid-table2", "--part", "table-3");
        assertEquals(ExitCodes.USAGE, hybrid.exitCode());
        assertTrue(hybrid.err().contains("its parts: table-2, ratios, seeds"), hybrid.err());
        Cli validation = Cli.run("experiment", "qos-validation", "--part", "test-1");
        assertEquals(ExitCodes.USAGE, validation.exitCode());
        assertTrue(validation.err().contains("qos-validation has one table: no --part"), validation.err());
    }

    /** The experiment's cells are the grid of sim/verboven-tables.properties, the file the documentation names. */
    @Test
    void verbovenTablesRunsTheGridOfTheShippedFile() throws Exception {
        SettingsLoader.Loaded loaded =
                new SettingsLoader(List.of(SweepGrid.PREFIX)).load(Path.of("sim/verboven-tables.properties"), Map.of());
        List<String> grid = SweepGrid.from(loaded).runs().stream()
                .map(ExperimentCommandTest::cell)
                .sorted()
                .toList();
        List<String> experiment = org.overbookd.experiment.VerbovenTables.cells(1).stream()
                .map(ExperimentCommandTest::cell)
                .sorted()
                .toList();
        assertEquals(36, grid.size());
        assertEquals(grid, experiment);
    }

    /** sticky-slots runs the grid of sim/sticky-slots.properties. */
    @Test
    void stickySlotsRunsTheGridOfTheShippedFile() throws Exception {
        SettingsLoader.Loaded loaded =
                new SettingsLoader(List.of(SweepGrid.PREFIX)).load(Path.of("sim/sticky-slots.properties"), Map.of());
        assertEquals(
                SweepGrid.from(loaded).runs().stream()
                        .map(ExperimentCommandTest::every)
                        .toList(),
                org.overbookd.experiment.StickySlotsOverbooking.runs().stream()
                        .map(ExperimentCommandTest::every)
                        .toList());
    }

    /** Every setting as it would be written in a file. */
    private static List<String> every(Settings s) {
        return Options.ALL.stream().map(o -> o.key() + "=" + s.formatted(o)).toList();
    }

    private static String cell(Settings s) {
        return s.formatted(Options.UPPER_BOUND) + "-" + s.formatted(Options.LOWER_BOUND) + "/"
                + s.formatted(Options.SLOTS);
    }

    @Test
    void theBaselinePartPrintsTheTenSeedsAndTheirInterval() {
        Cli cli = Cli.run("experiment", "verboven-tables", "--part", "baseline", "--threads", "2");
        assertEquals(0, cli.exitCode(), cli.err());
        assertTrue(cli.out().startsWith("Workload: verboven-4.1 (synthetic; demand generated)"), cli.out());
        assertTrue(cli.out().contains("| seed | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 |\n"), cli.out());
        // seed 1's baseline, as sweep and simulate give it
        assertTrue(cli.out().contains("| utilization | 69.60 |"), cli.out());
        assertTrue(cli.out().contains("95% interval ["), cli.out());
        assertTrue(cli.err().contains("10 runs of one week"), cli.err());
    }
}
