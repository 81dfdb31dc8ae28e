package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TypesSimulateCommandTest {

    @TempDir
    Path dir;

    private Cli run(String out, String... args) {
        String[] all = new String[args.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--out";
        all[args.length + 1] = dir.resolve(out).toString();
        return TypesCli.run(all);
    }

    @Test
    void writesSummaryQueuesAndChartForEveryPolicy() throws IOException {
        Cli r = run(
                "o",
                "--policy",
                "maxweight,m14,g16,best-fit",
                "--scenario",
                "example2",
                "--horizon",
                "200",
                "--samples",
                "50",
                "--seed",
                "3");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("mean queue") && r.out().contains("best-fit"), r.out());
        List<String> summary = Files.readAllLines(dir.resolve("o/summary.csv"));
        assertTrue(
                summary.get(0).startsWith("policy,beta,mean_queue,max_queue,mean_delay,throughput,"), summary.get(0));
        assertEquals(5, summary.size());
        assertTrue(summary.get(1).startsWith("maxweight,0.5,"), summary.get(1));
        assertTrue(summary.get(2).startsWith("m14,,"), "beta is empty where it means nothing: " + summary.get(2));
        List<String> queue = Files.readAllLines(dir.resolve("o/queue.csv"));
        assertEquals("policy,time,total,q_t1,q_t2,q_t4,q_t8", queue.get(0));
        assertEquals(1 + 4 * 51, queue.size());
        assertEquals("maxweight,0.0000,0,0,0,0,0", queue.get(1));
        BufferedImage png = ImageIO.read(dir.resolve("o/queue.png").toFile());
        assertNotNull(png, "a decodable PNG");
        assertEquals(800, png.getWidth());
    }

    /** Same seed, same bytes; another seed, other bytes. */
    @Test
    void sameSeedGivesIdenticalBytes() throws IOException {
        for (String out : List.of("a", "b", "c")) {
            Cli r = run(
                    out,
                    "--policy",
                    "maxweight,g16",
                    "--scenario",
                    "example1",
                    "--horizon",
                    "300",
                    "--seed",
                    out.equals("c") ? "8" : "7");
            assertEquals(0, r.exitCode(), r.err());
        }
        for (String file : List.of("summary.csv", "queue.csv")) {
            byte[] a = Files.readAllBytes(dir.resolve("a").resolve(file));
            assertArrayEquals(a, Files.readAllBytes(dir.resolve("b").resolve(file)), file);
            assertFalse(
                    java.util.Arrays.equals(
                            a, Files.readAllBytes(dir.resolve("c").resolve(file))),
                    file);
        }
    }

    @Test
    void aScenarioFileRunsFromDisk() throws IOException {
        Path file = dir.resolve("two.scenario");
        Files.writeString(
                file,
                "resources = cpu, mem\nhorizon = 50\nserver.a = 4, 8\nserver.b = 8, 4\n"
                        + "type.x.demand = 2, 1\ntype.x.lambda = 1\ntype.x.mu = 1\n"
                        + "type.y.demand = 1, 2\ntype.y.lambda = 1\ntype.y.mu = 1\n");
        Cli r = run("s", "--scenario", file.toString(), "--solver", "greedy", "--padding", "smallest-first");
        assertEquals(0, r.exitCode(), r.err());
        String row = Files.readAllLines(dir.resolve("s/summary.csv")).get(1);
        assertTrue(row.contains(",two,greedy,smallest-first,1,50,"), row);
    }

    private static void assertNoStackTrace(Cli r) {
        assertFalse(r.err().contains("\tat "), "no stack trace:\n" + r.err());
        assertFalse(r.err().contains("Exception"), "no exception class names:\n" + r.err());
    }

    @Test
    void aMalformedScenarioLineExits65NamingFileAndLine() throws IOException {
        Path file = dir.resolve("bad.scenario");
        Files.writeString(file, "resources = cpu, mem\nhorizon = 10\nserver.a = 4, 4\ntype.x.demand = 1, x\n");
        Cli r = run("bad", "--scenario", file.toString());
        assertEquals(ExitCodes.DATA_ERROR, r.exitCode());
        assertTrue(
                r.err().startsWith("overbookd: " + file + ":4: type.x.demand: 'x' is not a non-negative integer"),
                r.err());
        assertNoStackTrace(r);
        assertFalse(Files.exists(dir.resolve("bad/summary.csv")));
    }

    @Test
    void aMalformedTraceLineExits65NamingFileAndLine() throws IOException {
        Path file = dir.resolve("task_events.csv");
        Files.writeString(file, "0,,1,0,,0,u,0,0,0.1,0.1,0,0\n0,,2,0,,0,u,0,0,0.1,0.1,0\n");
        Cli r = run("t", "--trace", file.toString(), "--servers", "2", "--policy", "best-fit");
        assertEquals(ExitCodes.DATA_ERROR, r.exitCode());
        assertTrue(r.err().startsWith("overbookd: " + file + ":2: expected 13 fields"), r.err());
        assertNoStackTrace(r);
    }

    @Test
    void aTraceFileRuns() throws IOException {
        Path file = dir.resolve("task_events.csv");
        Files.writeString(
                file,
                "0,,1,0,,0,u,0,0,0.3,0.1,0,0\n0,,1,0,9,1,u,0,0,0.3,0.1,0,0\n"
                        + "1000000,,2,0,,0,u,0,0,0.6,0.1,0,0\n2000000,,2,0,9,1,u,0,0,0.6,0.1,0,0\n"
                        + "3000000,,1,0,9,4,u,0,0,0.3,0.1,0,0\n5000000,,2,0,9,4,u,0,0,0.6,0.1,0,0\n");
        Cli r = run(
                "t", "--trace", file.toString(), "--servers", "1", "--policy", "best-fit,maxweight", "--horizon", "10");
        assertEquals(0, r.exitCode(), r.err());
        List<String> summary = Files.readAllLines(dir.resolve("t/summary.csv"));
        // a 1/2 task (0 to 3 s) and a size-1 task arriving at 1 s on one unit server: it waits 2 s; mean wait 1 s, mean
        // queue 2/10
        assertTrue(summary.get(1).startsWith("best-fit,,0.200,1,1.0000,0.2000,task_events.csv,"), summary.get(1));
    }

    /** Several server counts run the same trace once each, outputs in DIR/servers-N. */
    @Test
    void severalServerCountsRunEachInItsOwnDirectory() throws IOException {
        Path file = dir.resolve("task_events.csv");
        Files.writeString(
                file,
                "0,,1,0,,0,u,0,0,0.3,0.1,0,0\n0,,1,0,9,1,u,0,0,0.3,0.1,0,0\n"
                        + "1000000,,2,0,,0,u,0,0,0.6,0.1,0,0\n2000000,,2,0,9,1,u,0,0,0.6,0.1,0,0\n"
                        + "3000000,,1,0,9,4,u,0,0,0.3,0.1,0,0\n5000000,,2,0,9,4,u,0,0,0.6,0.1,0,0\n");
        Cli r = run("n", "--trace", file.toString(), "--servers", "1,2", "--policy", "best-fit", "--horizon", "10");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains(": 1 server,") && r.out().contains(": 2 servers,"), r.out());
        // one server: the size-1 task waits 2 s (mean queue 0.2); two: it starts at once
        assertTrue(Files.readAllLines(dir.resolve("n/servers-1/summary.csv"))
                .get(1)
                .startsWith("best-fit,,0.200,1,"));
        assertTrue(Files.readAllLines(dir.resolve("n/servers-2/summary.csv"))
                .get(1)
                .startsWith("best-fit,,0.000,0,"));
        assertFalse(Files.exists(dir.resolve("n/summary.csv")), "no summary outside the per-count directories");
    }

    /**
     * Algorithm 1's beta and recheck are arguments maxweight declares: --policy-arg hands them over,
     * and the options of their own names are the same thing, byte for byte; each goes only to the
     * policy that declares it.
     */
    @Test
    void algorithmOnesArgumentsAreTheOptionsOfTheirOwnNames() throws IOException {
        // example2 over 2,000: long enough for the recheck to change Algorithm 1's run
        String[] common = {"--policy", "maxweight,m14", "--scenario", "example2", "--horizon", "2000", "--samples", "20"
        };
        List<List<String>> pairs = List.of(
                List.of("--beta", "0.3", "--recheck-empty"),
                List.of("--policy-arg", "beta=0.3", "--policy-arg", "recheck-empty=true"),
                List.of("--no-recheck-empty"),
                List.of("--policy-arg", "recheck-empty=false"),
                List.of(),
                List.of("--recheck-empty"));
        for (int i = 0; i < pairs.size(); i++) {
            List<String> args = new java.util.ArrayList<>(List.of(common));
            args.addAll(pairs.get(i));
            Cli r = run("p" + i, args.toArray(String[]::new));
            assertEquals(0, r.exitCode(), r.err());
        }
        for (String file : List.of("summary.csv", "queue.csv")) {
            byte[] own = Files.readAllBytes(dir.resolve("p0").resolve(file));
            assertArrayEquals(own, Files.readAllBytes(dir.resolve("p1").resolve(file)), file);
            byte[] off = Files.readAllBytes(dir.resolve("p2").resolve(file));
            assertArrayEquals(off, Files.readAllBytes(dir.resolve("p3").resolve(file)), file);
            assertArrayEquals(off, Files.readAllBytes(dir.resolve("p4").resolve(file)), "off is the default: " + file);
        }
        List<String> summary = Files.readAllLines(dir.resolve("p1/summary.csv"));
        assertTrue(summary.get(1).startsWith("maxweight,0.3,"), summary.get(1));
        assertTrue(summary.get(2).startsWith("m14,,"), "m14 declares no beta: " + summary.get(2));
        assertFalse(
                Files.readString(dir.resolve("p0/summary.csv")).equals(Files.readString(dir.resolve("p2/summary.csv"))),
                "beta 0.3 and the recheck change the run");
        assertFalse(
                Files.readString(dir.resolve("p5/summary.csv")).equals(Files.readString(dir.resolve("p4/summary.csv"))),
                "the recheck alone changes the run");
    }

    @Test
    void algorithmOnesArgumentsAreCheckedByItsDeclarationNamingTheOptionAsGiven() {
        String[][] cases = {
            {"--policy-arg beta must be strictly between 0 and 1, got 1", "--policy-arg", "beta=1"},
            {"--beta must be strictly between 0 and 1, got 0", "--beta", "0"},
            {"--beta 'x' is not a number", "--beta", "x"},
            {"--policy-arg recheck-empty 'maybe' is not true or false", "--policy-arg", "recheck-empty=maybe"},
            {"--beta and --policy-arg beta both given", "--beta", "0.3", "--policy-arg", "beta=0.4"},
            {"--policy-arg patience is not an argument of maxweight,g16", "--policy-arg", "patience=3"},
        };
        for (String[] c : cases) {
            List<String> args = new java.util.ArrayList<>(List.of("--policy", "maxweight,g16"));
            args.addAll(List.of(c).subList(1, c.length));
            Cli r = run("u", args.toArray(String[]::new));
            assertEquals(ExitCodes.USAGE, r.exitCode(), r.err());
            assertTrue(r.err().startsWith("overbookd: " + c[0]), r.err());
        }
        Cli notHers = run("u", "--policy", "m14,g16", "--beta", "0.3");
        assertEquals(ExitCodes.USAGE, notHers.exitCode(), notHers.err());
        assertTrue(
                notHers.err().startsWith("overbookd: --beta applies to --policy maxweight only, not m14,g16"),
                notHers.err());
        Cli notHersEither = run("u", "--policy", "best-fit", "--no-recheck-empty");
        assertTrue(
                notHersEither.err().startsWith("overbookd: --recheck-empty applies to --policy maxweight only"),
                notHersEither.err());
    }

    @Test
    void usageErrorsExit64() {
        for (String[] args : List.of(
                new String[] {"--policy", "maxweihgt"},
                new String[] {"--beta", "1"},
                new String[] {"--beta", "0"},
                new String[] {"--policy-arg", "beta=1.5"},
                new String[] {"--solver", "fast"},
                new String[] {"--padding", "all"},
                new String[] {"--horizon", "-5"},
                new String[] {"--samples", "0"},
                new String[] {"--servers", "100,0", "--scenario", "google-synthetic"},
                new String[] {"--policy", "maxweight,maxweight"},
                new String[] {"--policy", "maxweight", "--policy", "MaxWeight"},
                new String[] {"--policy", ","},
                new String[] {"--sed", "3"})) {
            Cli r = run("u", args);
            assertEquals(ExitCodes.USAGE, r.exitCode(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.err().startsWith("overbookd: "), r.err());
            assertNoStackTrace(r);
        }
        Cli unknown = run("u", "--policy", "maxweight,maxweihgt");
        assertTrue(
                unknown.err()
                        .startsWith(
                                "overbookd: --policy: 'maxweihgt' is not one of maxweight, m14, m14-central, g16, best-fit"),
                unknown.err());
        Cli twice = run("u", "--policy", "m14,maxweight,m14");
        assertTrue(twice.err().startsWith("overbookd: --policy: m14 is given twice"), twice.err());
        Cli notATrace = run("u", "--scenario", "example1", "--servers", "3");
        assertEquals(ExitCodes.USAGE, notATrace.exitCode());
        assertTrue(notATrace.err().contains("--servers applies to traces"), notATrace.err());
        Cli missingOut = TypesCli.run("--policy", "m14");
        assertEquals(ExitCodes.USAGE, missingOut.exitCode());
    }

    @Test
    void anExactSolverTooLargeForTheServersIsAUsageError() throws IOException {
        Path file = dir.resolve("big.scenario");
        Files.writeString(
                file,
                "resources = cpu, mem, disk\nhorizon = 10\nserver.a = 997, 991, 983\n"
                        + "type.x.demand = 1, 3, 2\ntype.x.lambda = 1\ntype.x.mu = 1\n"
                        + "type.y.demand = 3, 1, 5\ntype.y.lambda = 1\ntype.y.mu = 1\n"
                        + "type.z.demand = 2, 5, 1\ntype.z.lambda = 1\ntype.z.mu = 1\n");
        Cli r = run("x", "--scenario", file.toString(), "--solver", "exact");
        assertEquals(ExitCodes.USAGE, r.exitCode(), r.err());
        assertTrue(r.err().contains("use --solver greedy"), r.err());
        Cli auto = run("x", "--scenario", file.toString(), "--horizon", "2");
        assertEquals(0, auto.exitCode(), auto.err());
        assertTrue(
                Files.readAllLines(dir.resolve("x/summary.csv")).get(1).contains(",greedy,"),
                "auto falls back to greedy");
    }
}
