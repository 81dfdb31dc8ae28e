package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequestsSimulateCommandTest {

    private static final Path SCENARIOS = Path.of("sim/qos-validation");
    private static final List<String> OUTPUTS =
            List.of("requests.csv", "classes.csv", "intervals.csv", "penalties.csv");

    @TempDir
    Path dir;

    /** Main mounting the command is the integrating engineer's job; meanwhile it runs under Main's handling. */
    private static Cli run(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "simulate";
        all[1] = "--model=requests";
        System.arraycopy(args, 0, all, 2, args.length);
        return Cli.run(all);
    }

    private Cli simulate(String seed, String out) throws Exception {
        Path hot = Files.write(dir.resolve("hot.txt"), List.of("0.5", "1", "1.5"));
        Path cold = Files.write(dir.resolve("cold.txt"), List.of("2", "3.5", "5", "8"));
        Path events = Files.write(
                dir.resolve("events.csv"),
                List.of("time_s,host,event", "600,h03,remove", "900,h07,remove", "1500,h03,add", "2400,h07,add"));
        return run(
                "--policy",
                "qos",
                "--workload",
                SCENARIOS.resolve("test1-workload.csv").toString(),
                "--hosts",
                SCENARIOS.resolve("hosts.csv").toString(),
                "--host-events",
                events.toString(),
                "--overheads-hot",
                hot.toString(),
                "--overheads-cold",
                cold.toString(),
                "--until",
                "3600",
                "--seed",
                seed,
                "--out",
                dir.resolve(out).toString());
    }

    @Test
    void sameInputsAndSeedGiveTheSameBytes() throws Exception {
        assertEquals(0, simulate("7", "a").exitCode());
        assertEquals(0, simulate("7", "b").exitCode());
        assertEquals(0, simulate("8", "c").exitCode());
        for (String f : OUTPUTS) {
            assertArrayEquals(
                    Files.readAllBytes(dir.resolve("a").resolve(f)),
                    Files.readAllBytes(dir.resolve("b").resolve(f)),
                    f);
        }
        // random overhead draws and tie-breaks do depend on the seed
        assertFalse(Files.readString(dir.resolve("a/requests.csv"))
                .equals(Files.readString(dir.resolve("c/requests.csv"))));
    }

    @Test
    void writesTheFourFilesWithHeaders() throws Exception {
        assertEquals(0, simulate("1", "out").exitCode());
        assertTrue(Files.readString(dir.resolve("out/requests.csv"))
                .startsWith("id,class,slo,availability,met,deficit,preemptions,run_s,pending_s,overhead_s\n"));
        assertTrue(
                Files.readString(dir.resolve("out/classes.csv")).startsWith("class,slo,requests,mean_availability,"));
        assertTrue(Files.readString(dir.resolve("out/intervals.csv")).startsWith("start_s,end_s,contention,"));
        assertTrue(Files.readString(dir.resolve("out/penalties.csv")).startsWith("id,class,availability,deficit,"));
        // 256 requests and 6 intervals of 10 minutes in the hour
        assertEquals(257, Files.readAllLines(dir.resolve("out/requests.csv")).size());
        assertEquals(7, Files.readAllLines(dir.resolve("out/intervals.csv")).size());
    }

    @Test
    void badDataExits65WithTheFileAndLineAndNoStackTrace() throws Exception {
        Path hosts = Files.write(dir.resolve("hosts.csv"), List.of("id,cpu,mem", "h0,1,1"));
        Path work =
                Files.write(dir.resolve("w.csv"), List.of("id,submit_s,duration_s,cpu,mem,class", "r1,0,10,1,1,tin"));
        Cli cli = run(
                "--policy",
                "priority",
                "--workload",
                work.toString(),
                "--hosts",
                hosts.toString(),
                "--out",
                dir.resolve("o").toString());
        assertEquals(ExitCodes.DATA_ERROR, cli.exitCode());
        assertTrue(cli.err().startsWith("overbookd: " + work + ":2: unknown class tin"), cli.err());
        assertFalse(cli.err().contains("\tat "), "no stack trace");
        assertFalse(Files.exists(dir.resolve("o")), "nothing written");
    }

    @Test
    void aMissingFileIsExit66NamingIt() {
        Cli cli = run(
                "--policy",
                "qos",
                "--workload",
                "nope.csv",
                "--hosts",
                dir.resolve("none.csv").toString(),
                "--out",
                dir.toString());
        assertEquals(ExitCodes.NO_INPUT, cli.exitCode());
        assertTrue(cli.err().contains("none.csv: no such file"), cli.err());
    }

    @Test
    void readsGoogleTraceFilesGzipped() throws Exception {
        Path tasks = dir.resolve("part-00000-of-00500.csv.gz");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(tasks))) {
            out.write(String.join(
                            "\n",
                            "0,,1,0,,0,u,1,9,0.25,0.25,0,0",
                            "0,,1,0,m,1,u,1,9,0.25,0.25,0,0",
                            "0,,2,0,,0,u,1,0,0.5,0.5,0,0",
                            "0,,2,0,m,1,u,1,0,0.5,0.5,0,0",
                            "100000000,,1,0,m,4,u,1,9,0.25,0.25,0,0",
                            "100000000,,2,0,m,4,u,1,0,0.5,0.5,0,0",
                            "")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        Path machines = Files.write(dir.resolve("machines.csv"), List.of("0,7,0,P,1,1"));
        Cli cli = run(
                "--policy",
                "priority",
                "--google-task-events",
                tasks.toString(),
                "--google-machine-events",
                machines.toString(),
                "--out",
                dir.resolve("g").toString());
        assertEquals(0, cli.exitCode(), cli.err());
        assertTrue(cli.err().contains("2 tasks from the trace"), cli.err());
        List<String> rows = Files.readAllLines(dir.resolve("g/requests.csv"));
        // both fit on the one machine at once and run their 100 s: full availability
        assertEquals(
                List.of(
                        "1-0,gold,1.0000,1.000000,true,0.000000,0,101.000,0.000,1.000",
                        "2-0,bronze,0.5000,1.000000,true,0.000000,0,101.000,0.000,1.000"),
                rows.subList(1, 3));
    }

    /** Test 1 with overheads of 1 to 6 s, so that re-allocations cost something to account for. */
    private Cli test1(String out, String... extra) {
        Path overheads = dir.resolve("overheads.txt");
        try {
            Files.write(overheads, List.of("2", "3", "2", "1", "6", "3", "2", "4"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        List<String> args = new java.util.ArrayList<>(List.of(
                "--policy",
                "qos",
                "--workload",
                SCENARIOS.resolve("test1-workload.csv").toString(),
                "--hosts",
                SCENARIOS.resolve("hosts.csv").toString(),
                "--overheads-hot",
                overheads.toString(),
                "--until",
                "600",
                "--out",
                dir.resolve(out).toString()));
        args.addAll(List.of(extra));
        return run(args.toArray(String[]::new));
    }

    @Test
    void failuresInARowWarnsThatItIsNotNeutralBetweenThePolicies() {
        Cli with = test1("k", "--failures-in-a-row", "5");
        assertEquals(0, with.exitCode(), with.err());
        assertTrue(with.err().contains("warning: --failures-in-a-row is not neutral between the policies"), with.err());
        assertTrue(with.err().contains("overstates the QoS-driven scheduler's advantage"), with.err());
        Cli without = test1("no-k");
        assertFalse(without.err().contains("--failures-in-a-row"), without.err());
    }

    @Test
    void theDefaultsAreThePaperTextsReading() throws Exception {
        assertEquals(0, test1("default").exitCode());
        assertEquals(
                0,
                test1("named", "--watchdog", "10s", "--overhead-accounting", "paper-text")
                        .exitCode());
        for (String f : OUTPUTS) {
            assertArrayEquals(
                    Files.readAllBytes(dir.resolve("default").resolve(f)),
                    Files.readAllBytes(dir.resolve("named").resolve(f)),
                    f);
        }
    }

    @Test
    void secondsTakeAnOptionalSuffixAndTheAccountingItsName() throws Exception {
        assertEquals(0, test1("plain", "--watchdog", "30").exitCode());
        assertEquals(0, test1("suffixed", "--watchdog", "30s").exitCode());
        assertArrayEquals(
                Files.readAllBytes(dir.resolve("plain/requests.csv")),
                Files.readAllBytes(dir.resolve("suffixed/requests.csv")));
        assertEquals(0, test1("text").exitCode());
        assertFalse(
                Files.readString(dir.resolve("plain/requests.csv"))
                        .equals(Files.readString(dir.resolve("text/requests.csv"))),
                "30 s passes are not 10 s passes");
        assertEquals(
                0,
                test1("published", "--overhead-accounting", "Published-Simulator")
                        .exitCode());
        assertFalse(
                Files.readString(dir.resolve("published/classes.csv"))
                        .equals(Files.readString(dir.resolve("text/classes.csv"))),
                "the accounting moves availability");
    }

    @Test
    void badWatchdogOrAccountingIsUsageNamingTheFlag() {
        for (String[] bad : List.of(
                new String[] {"--watchdog", "0"},
                new String[] {"--watchdog", "-5"},
                new String[] {"--watchdog", "30m"},
                new String[] {"--watchdog", "NaN"},
                new String[] {"--overhead-accounting", "measured"})) {
            Cli cli = test1("bad", bad);
            assertEquals(ExitCodes.USAGE, cli.exitCode(), String.join(" ", bad));
            assertTrue(cli.err().startsWith("overbookd: Invalid value for option '" + bad[0] + "'"), cli.err());
            assertTrue(cli.err().contains("'" + bad[1] + "'"), cli.err());
            assertFalse(cli.err().contains("Exception"), cli.err());
        }
    }

    /** Values that parse but would make a run endless or meaningless: each refused naming its own flag. */
    @Test
    void aWatchdogUnderASecondOrAnUntilThatIsNoTimeIsUsageNamingTheFlag() {
        for (String[] bad : List.of(
                new String[] {"--watchdog", "1e-300"},
                new String[] {"--watchdog", "0.5"},
                new String[] {"--until", "NaN"},
                new String[] {"--until", "-5"},
                new String[] {"--until", "Infinity"},
                new String[] {"--hosts-to-score", "-1"})) {
            // checked before any file is read
            Cli cli = run(
                    "--policy",
                    "qos",
                    "--workload",
                    "w.csv",
                    "--hosts",
                    "h.csv",
                    bad[0],
                    bad[1],
                    "--out",
                    dir.resolve("bad").toString());
            assertEquals(ExitCodes.USAGE, cli.exitCode(), String.join(" ", bad) + ": " + cli.err());
            assertTrue(cli.err().contains(bad[0] + " must be"), cli.err());
            assertFalse(
                    cli.err().contains("--watchdog") && !bad[0].equals("--watchdog"),
                    "names only the flag at fault: " + cli.err());
        }
    }

    @Test
    void workloadAndTraceTogetherIsUsage() {
        Cli cli = run(
                "--policy",
                "qos",
                "--workload",
                "w.csv",
                "--google-task-events",
                "t.csv",
                "--hosts",
                "h.csv",
                "--out",
                "o");
        assertEquals(ExitCodes.USAGE, cli.exitCode());
        assertTrue(cli.err().startsWith("overbookd: give --workload or --google-task-events"), cli.err());
    }

    @Test
    void unknownPolicyIsUsage() {
        Cli cli = run("--policy", "edf", "--workload", "w", "--hosts", "h", "--out", "o");
        assertEquals(ExitCodes.USAGE, cli.exitCode());
        assertTrue(
                cli.err()
                        .startsWith("overbookd: Invalid value for option '--policy': expected one of [qos, priority]"
                                + " (case-insensitive) but was 'edf'"),
                cli.err());
    }

    @Test
    void policyNamesIgnoreCase() {
        Cli cli = run("--policy", "QoS", "--workload", "w", "--hosts", "h", "--out", "o");
        assertFalse(cli.err().contains("--policy"), "QoS names the qos policy: " + cli.err());
    }

    @Test
    void cellSizeIsUsageOutsideItsRangeOrWithoutTheGeneratedCell() {
        for (String[] args : List.of(
                new String[] {"--workload", "generated:google-month", "--cell-size", "0"},
                new String[] {"--workload", "generated:google-month", "--cell-size", "1.2"},
                new String[] {"--workload", "generated:google-month", "--cell-size", "0.9", "--hosts", "h.csv"},
                new String[] {"--workload", "w.csv", "--hosts", "h.csv", "--cell-size", "0.9"})) {
            String[] all = new String[args.length + 4];
            System.arraycopy(
                    new String[] {"--policy", "qos", "--out", dir.resolve("o").toString()}, 0, all, 0, 4);
            System.arraycopy(args, 0, all, 4, args.length);
            Cli cli = run(all);
            assertEquals(ExitCodes.USAGE, cli.exitCode(), String.join(" ", args));
            assertTrue(cli.err().startsWith("overbookd: --cell-size takes a fraction"), cli.err());
            assertFalse(Files.exists(dir.resolve("o")), "nothing written");
        }
    }
}
