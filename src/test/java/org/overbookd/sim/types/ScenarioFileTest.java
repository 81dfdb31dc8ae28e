package org.overbookd.sim.types;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.overbookd.io.InputException;

class ScenarioFileTest {

    @TempDir
    Path dir;

    @Test
    void builtInExamplesAreThePapers() throws InputException {
        TypesScenario e1 = ScenarioFile.load("example1", 1, OptionalInt.empty());
        assertEquals(List.of("cpu", "mem"), e1.resources());
        assertEquals(1, e1.servers().size());
        assertArrayEquals(new long[] {6, 6}, e1.servers().get(0).capacity());
        assertEquals(2, e1.types().size());
        assertArrayEquals(new long[] {4, 4}, e1.types().get(0).demand());
        assertArrayEquals(new long[] {1, 1}, e1.types().get(1).demand());
        // workload 0.89 x (0.5, 4), mu = 1, small VMs 8 times as frequent
        assertEquals(0.89 * 0.5, e1.types().get(0).arrivalRate(), 1e-12);
        assertEquals(0.89 * 4, e1.types().get(1).arrivalRate(), 1e-12);
        assertEquals(8, e1.types().get(1).arrivalRate() / e1.types().get(0).arrivalRate(), 1e-12);

        TypesScenario e2 = ScenarioFile.load("example2", 1, OptionalInt.empty());
        assertEquals(4, e2.servers().size());
        for (int i = 0; i < 4; i++) {
            assertEquals(1L << i, e2.servers().get(i).capacity()[0]);
            assertEquals(1L << i, e2.types().get(i).demand()[0]);
            assertEquals(
                    0.89, e2.types().get(i).arrivalRate() / e2.types().get(i).serviceRate(), 1e-12);
        }
    }

    @Test
    void theShippedFilesAreTheBuiltIns() throws IOException, InputException {
        for (String name : ScenarioFile.BUILT_IN) {
            Path shipped = Path.of("sim", name + ".scenario");
            assertTrue(Files.exists(shipped), shipped + " exists");
            // a generated trace cut to 2,000 tasks: the same generator, a quick comparison
            TypesScenario fromFile =
                    ScenarioFile.load(shipped.toString(), 5, OptionalInt.empty(), OptionalInt.of(2000));
            TypesScenario builtIn = ScenarioFile.load(name, 5, OptionalInt.empty(), OptionalInt.of(2000));
            assertEquals(builtIn.name(), fromFile.name());
            assertEquals(builtIn.servers().size(), fromFile.servers().size());
            assertEquals(builtIn.workload(), fromFile.workload());
        }
    }

    @Test
    void countExpandsIdenticalServersAndTraceServersCanBeOverridden() throws IOException, InputException {
        TypesScenario s = ScenarioFile.load(write("""
                resources = cpu, mem
                horizon = 10
                server.big = 8, 16
                server.big.count = 3
                type.a.demand = 1, 2
                type.a.lambda = 1
                type.a.mu = 1
                """).toString(), 1, OptionalInt.empty());
        assertEquals(
                List.of("big-1", "big-2", "big-3"),
                s.servers().stream().map(ServerSpec::name).toList());
        TypesScenario synthetic = ScenarioFile.load("google-synthetic", 1, OptionalInt.of(7));
        assertEquals(7, synthetic.servers().size());
        assertEquals(8, synthetic.types().size());
        // more or fewer servers, same trace: the generated load stays relative to trace.servers
        assertEquals(
                ScenarioFile.load("google-synthetic", 1, OptionalInt.empty()).workload(), synthetic.workload());
    }

    private Path write(String text) throws IOException {
        Path file = dir.resolve("bad.scenario");
        Files.writeString(file, text);
        return file;
    }

    private static final String GOOD = "resources = cpu, mem\\nhorizon = 100\\nserver.s = 6, 6\\n"
            + "type.a.demand = 4, 4\\ntype.a.lambda = 0.5\\ntype.a.mu = 1\\n";

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "no equals sign     | 7 | resources cpu                | expected 'key = value'",
                "unknown key        | 7 | type.a.sigma = 2             | type.a.sigma: unknown key",
                "key twice          | 7 | type.a.mu = 2                | type.a.mu: already set on line 6",
                "not a number       | 8 | type.b.demand = 1, 1\\ntype.b.lambda = fast\\ntype.b.mu = 1 | type.b.lambda: 'fast' is not a number",
                "too few amounts    | 7 | type.b.demand = 1\\ntype.b.lambda = 1\\ntype.b.mu = 1 | type.b.demand: expected 2 comma-separated amounts",
                "negative demand    | 7 | type.b.demand = -1, 1\\ntype.b.lambda = 1\\ntype.b.mu = 1 | type.b.demand: '-1' is not a non-negative integer",
                "fits no server     | 7 | type.b.demand = 7, 1\\ntype.b.lambda = 1\\ntype.b.mu = 1 | type.b.demand: fits no server",
                "missing mu         | 7 | type.b.demand = 1, 1\\ntype.b.lambda = 1 | type.b.mu: missing",
                "zero mu            | 9 | type.b.demand = 1, 1\\ntype.b.lambda = 1\\ntype.b.mu = 0 | type.b.mu: 0 is not positive",
                "NaN rate           | 8 | type.b.demand = 1, 1\\ntype.b.lambda = NaN\\ntype.b.mu = 1 | type.b.lambda: 'NaN' is not a number",
                "bad workload       | 7 | workload = replay            | workload: 'replay' is not one of",
                "trace key in poisson | 7 | trace.servers = 4          | trace.servers: not used with workload poisson",
                "zero capacity      | 7 | server.t = 0, 6              | server.t: '0' is not a positive integer",
            })
    void badLinesAreNamedByFileAndLine(String name, int line, String extra, String expected) throws IOException {
        Path file = write(GOOD.replace("\\n", "\n") + extra.replace("\\n", "\n") + "\n");
        InputException e =
                assertThrows(InputException.class, () -> ScenarioFile.load(file.toString(), 1, OptionalInt.empty()));
        String where = file + ":" + line + ": ";
        assertTrue(e.getMessage().startsWith(where), e.getMessage() + " should start with " + where);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    /** Scenarios are in the settings file's properties format: its comments and continued lines. */
    @Test
    void aContinuedLineKeepsTheLinesOfTheKeysAfterIt() throws IOException {
        Path file = write("! a properties comment\nresources = cpu, \\\n    mem\nhorizon = 100\nserver.s = 6, 6\n"
                + "type.a.demand = 4, 4\ntype.a.lambda = 0.5\ntype.a.mu = fast\n");
        InputException e =
                assertThrows(InputException.class, () -> ScenarioFile.load(file.toString(), 1, OptionalInt.empty()));
        assertEquals(file + ":8: type.a.mu: 'fast' is not a number", e.getMessage());
    }

    @Test
    void aMissingFileIsNamed() {
        InputException e = assertThrows(
                InputException.class,
                () -> ScenarioFile.load(dir.resolve("nope.scenario").toString(), 1, OptionalInt.empty()));
        assertTrue(e.getMessage().contains("nope.scenario: no such file"), e.getMessage());
    }
}
