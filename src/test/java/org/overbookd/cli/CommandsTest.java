package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandsTest {

    @TempDir
    Path dir;

    @Test
    void simulateWritesSummaryWithThePromisedColumns() throws IOException {
        Cli r = Cli.run(
                "simulate", "--set", "sim.nodes=5", "--set", "sim.duration=1d", "--seed", "7", "--out", dir.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("utilization"), r.out());
        List<String> lines = Files.readAllLines(dir.resolve("summary.csv"));
        assertEquals(2, lines.size());
        assertTrue(
                lines.get(0)
                        .startsWith(
                                "upper,lower,slots,seed,utilization,overbooked_hours,suspends,degradation_100,degradation_95"),
                lines.get(0));
        assertTrue(lines.get(1).startsWith("90,70,2,7,"), lines.get(1));
    }

    /** Every decision is audited before it is enacted and its outcome after, one JSON object per line. */
    @Test
    void auditLogHasADecisionAndAnOutcomeLinePerDecision() throws IOException {
        Path audit = dir.resolve("audit.jsonl");
        Cli r = Cli.run(
                "simulate",
                "--set",
                "sim.nodes=5",
                "--set",
                "sim.duration=2d",
                "--set",
                "audit.file=" + audit,
                "--out",
                dir.toString());
        assertEquals(0, r.exitCode(), r.err());
        List<String> lines = Files.readAllLines(audit);
        String[] summary = Files.readAllLines(dir.resolve("summary.csv")).get(1).split(",");
        long suspends = Long.parseLong(summary[6]);
        long resumes = Long.parseLong(summary[9]);
        long deploys = Long.parseLong(summary[10]);
        assertTrue(suspends > 0, "the scenario must exercise suspensions");
        assertEquals(2 * (suspends + resumes + deploys), lines.size());
        ObjectMapper json = new ObjectMapper();
        // within a cycle every decision is written before enactment, then every outcome, in the same order
        Map<Long, List<JsonNode>> decisions = new TreeMap<>();
        Map<Long, List<JsonNode>> outcomes = new TreeMap<>();
        for (String line : lines) {
            JsonNode node = json.readTree(line);
            String event = node.get("event").asText();
            (event.equals("decision") ? decisions : outcomes)
                    .computeIfAbsent(node.get("cycle").asLong(), k -> new ArrayList<>())
                    .add(node);
            if (event.equals("outcome")) {
                assertTrue(decisions.containsKey(node.get("cycle").asLong()), "outcome after its decision: " + line);
            }
        }
        assertEquals(decisions.keySet(), outcomes.keySet());
        for (long cycle : decisions.keySet()) {
            List<JsonNode> d = decisions.get(cycle);
            List<JsonNode> o = outcomes.get(cycle);
            assertEquals(d.size(), o.size());
            for (int i = 0; i < d.size(); i++) {
                JsonNode decision = d.get(i);
                assertEquals(decision.get("vm_id"), o.get(i).get("vm_id"));
                assertEquals("ok", o.get(i).get("outcome").asText());
                assertNotNull(decision.get("reason"));
                if (decision.get("action").asText().equals("suspend")) {
                    assertTrue(decision.get("host_utilization").asDouble() >= 90.0, decision.toString());
                    assertTrue(decision.get("reason").asText().contains(">= upper bound 90%"), decision.toString());
                } else {
                    assertTrue(decision.get("host_utilization").asDouble() <= 70.0, decision.toString());
                }
            }
        }
    }

    @Test
    void sweepIsByteIdenticalWhateverTheThreadCountAndDrawsCharts() throws IOException {
        Path grid = dir.resolve("grid.properties");
        Files.writeString(
                grid,
                String.join(
                        "\n",
                        "sim.nodes = 6",
                        "sim.duration = 2d",
                        "sweep.overbooking.slots = 1, 2",
                        "sweep.overbooking.upper-bound = 90, 95",
                        "sweep.overbooking.lower-bound = 60, 70, 80",
                        "sweep.min-window = 15",
                        ""));
        Cli one = Cli.run(
                "sweep", "--config", grid.toString(), "--out", dir.resolve("t1").toString(), "--threads", "1");
        Cli two = Cli.run(
                "sweep", "--config", grid.toString(), "--out", dir.resolve("t2").toString(), "--threads", "2");
        assertEquals(0, one.exitCode(), one.err());
        assertEquals(0, two.exitCode(), two.err());
        byte[] a = Files.readAllBytes(dir.resolve("t1/sweep.csv"));
        byte[] b = Files.readAllBytes(dir.resolve("t2/sweep.csv"));
        assertArrayEquals(a, b);
        List<String> rows = Files.readAllLines(dir.resolve("t1/sweep.csv"));
        // per slot count: upper 90 keeps lower 60 and 70; upper 95 keeps 60, 70 and 80
        assertEquals(1 + 2 * 5, rows.size(), String.join("\n", rows));
        assertTrue(rows.get(1).startsWith("90,60,1,"), rows.get(1));
        BufferedImage png =
                ImageIO.read(dir.resolve("t1/utilization-upper-95.png").toFile());
        assertNotNull(png, "a decodable PNG");
        assertEquals(800, png.getWidth());
        assertTrue(Files.exists(dir.resolve("t1/suspensions-window-slots-2.png")));
    }

    @Test
    void helpListsTheCommandsAndExitCodes() {
        Cli r = Cli.run("--help");
        assertEquals(0, r.exitCode());
        for (String command : List.of("simulate", "sweep", "check-config", "config-reference")) {
            assertTrue(r.out().contains(command), command);
        }
        // the footer is one paragraph, wrapped at the help's width: its words, whatever the line breaks
        String words = r.out().replaceAll("\\s+", " ");
        assertTrue(words.contains("70 internal error, 73 cannot write output, 78 configuration error."), r.out());
        assertTrue(words.contains("65 bad input data, 66 cannot read an input"), r.out());
    }

    @Test
    void everyCommandHasHelp() {
        for (String command :
                List.of("run", "simulate", "sweep", "audit", "compare", "check-config", "config-reference")) {
            Cli r = Cli.run(command, "--help");
            assertEquals(0, r.exitCode(), command + ": " + r.err());
            assertTrue(r.out().startsWith("Usage: overbookd " + command), r.out());
        }
    }

    @Test
    void unknownModelIsAUsageError() {
        Cli r = Cli.run("simulate", "--model", "nonsense");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().contains("unknown model 'nonsense'"), r.err());
    }

    @Test
    void checkConfigAcceptsTheShippedFiles(@TempDir Path dir) throws IOException {
        // the shipped file names oneadmin's auth file, which this machine has not: point at a private one
        Path auth = dir.resolve("one_auth");
        Files.writeString(auth, "oneadmin:secret\n");
        Files.setPosixFilePermissions(auth, PosixFilePermissions.fromString("rw-------"));
        for (String file : List.of(
                "conf/overbookd.properties", "sim/verboven-tables.properties", "sim/scale-google-cell.properties")) {
            // and at a port where no oned answers: a real one on this machine would refuse the made-up session
            Cli r = Cli.run(
                    "check-config",
                    "--config",
                    file,
                    "--set",
                    "one.auth-file=" + auth,
                    "--set",
                    "audit.file=" + dir.resolve("audit.jsonl"),
                    "--set",
                    "one.endpoint=http://127.0.0.1:1/RPC2");
            assertEquals(0, r.exitCode(), file + ": " + r.err());
            assertTrue(r.out().contains(file + ": valid"), r.out());
        }
    }
}
