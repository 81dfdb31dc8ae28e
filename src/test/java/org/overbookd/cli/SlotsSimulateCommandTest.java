package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.overbookd.sim.slots.SyntheticScenario;
import org.overbookd.sim.slots.Task;

/**
 * The slot-model command as the integrating engineer will mount it: under {@link Main}'s handlers.
 * Runs use a small servers file and a 2,000-task trace written from the synthetic generator, a
 * few hundredths of a second each; one test runs the built-in scenarios at full size.
 */
class SlotsSimulateCommandTest {

    @TempDir
    Path dir;

    private Path servers;
    private Path trace;

    /** As a user types it: {@code overbookd simulate --model slots ...}. */
    private static Cli run(String... args) {
        List<String> all = new ArrayList<>(List.of("simulate", "--model", "slots"));
        all.addAll(List.of(args));
        return Cli.run(all.toArray(new String[0]));
    }

    @BeforeEach
    void smallScenario() throws IOException {
        servers = dir.resolve("servers.csv");
        Files.writeString(servers, "type,count,cpu,memory,cores,slots\nA,3,0.5,0.5,12,24\nD,1,1.0,1.0,24,24\n");
        trace = dir.resolve("tasks.csv");
        StringBuilder csv = new StringBuilder("id,submit_s,priority,cpu_seconds\n");
        for (Task t : SyntheticScenario.scaled(4 * 3600.0, 2000).generate(11)) {
            csv.append(
                    String.format(Locale.ROOT, "%s,%.3f,%d,%.6f%n", t.id(), t.submit(), t.priority(), t.cpuSeconds()));
        }
        Files.writeString(trace, csv);
    }

    /** A run of the small scenario; HYBRID gets 6 sticky slots of the 96 (6.25%, about the paper's share). */
    private Cli small(String policy, Path out, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "--policy",
                policy,
                "--servers",
                servers.toString(),
                "--tasks",
                trace.toString(),
                "--out",
                out.toString()));
        if (policy.equals("hybrid")) {
            args.addAll(List.of("--sticky-slots", "6"));
        }
        args.addAll(List.of(more));
        return run(args.toArray(new String[0]));
    }

    @Test
    void writesTheFourTablesWithThePromisedColumns() throws IOException {
        Path out = dir.resolve("out");
        Cli r = small("hybrid", out);
        assertEquals(ExitCodes.OK, r.exitCode(), r.err());
        assertTrue(r.out().contains("evictions (NE)") && r.out().contains("wasted CPU-seconds"), r.out());
        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        assertEquals(2, summary.size());
        assertTrue(
                summary.get(0)
                        .startsWith("policy,sticky_slots,evictions,mean_evictions_per_evicted_task,"
                                + "max_evictions_per_task,drops,wasted_cpu_seconds,response_p50_class0_evicted,"
                                + "response_p50_class0_never_evicted,response_p50_class9"),
                summary.get(0));
        assertTrue(summary.get(1).startsWith("hybrid,6,"), summary.get(1));
        assertEquals(13, Files.readAllLines(out.resolve("classes.csv")).size());
        assertEquals(13, Files.readAllLines(out.resolve("sticky.csv")).size());
        List<String> types = Files.readAllLines(out.resolve("slot-types.csv"));
        assertEquals(
                List.of("sticky", "powerful", "normal"),
                types.subList(1, 4).stream().map(l -> l.split(",")[1]).toList());
    }

    @Test
    void theSameSeedGivesTheSameBytes() throws IOException {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        Path c = dir.resolve("c");
        assertEquals(ExitCodes.OK, small("hybrid", a, "--seed", "5").exitCode());
        assertEquals(ExitCodes.OK, small("hybrid", b, "--seed", "5").exitCode());
        assertEquals(ExitCodes.OK, small("hybrid", c, "--seed", "6").exitCode());
        for (String file : List.of("summary.csv", "classes.csv", "sticky.csv", "slot-types.csv")) {
            assertArrayEquals(Files.readAllBytes(a.resolve(file)), Files.readAllBytes(b.resolve(file)), file);
        }
        // the seed also draws the slots of non-production tasks, so another seed changes the run
        assertFalse(Files.readString(a.resolve("summary.csv")).equals(Files.readString(c.resolve("summary.csv"))));
    }

    /**
     * Without --tasks the default is the steady built-in scenario at full size (about 71,000 tasks, a
     * few tenths of a second a run): the same seed gives the same bytes, with --scenario steady or
     * without it, and --scenario swinging is another workload.
     */
    @Test
    void withoutATraceTheSteadyScenarioRunsAndTheSameSeedGivesTheSameBytes() throws IOException {
        Path byDefault = dir.resolve("default");
        Path steady = dir.resolve("steady");
        Path swinging = dir.resolve("swinging");
        Cli r = run("--policy", "pri-n", "--seed", "2", "--out", byDefault.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r.err());
        assertTrue(r.out().contains("(built-in steady scenario, seed 2)"), r.out());
        assertEquals(
                ExitCodes.OK,
                run("--policy", "pri-n", "--seed", "2", "--scenario", "steady", "--out", steady.toString())
                        .exitCode());
        for (String file : List.of("summary.csv", "classes.csv", "sticky.csv", "slot-types.csv")) {
            assertArrayEquals(
                    Files.readAllBytes(byDefault.resolve(file)), Files.readAllBytes(steady.resolve(file)), file);
        }
        r = run("--policy", "pri-n", "--seed", "2", "--scenario", "swinging", "--out", swinging.toString());
        assertEquals(ExitCodes.OK, r.exitCode(), r.err());
        assertTrue(r.out().contains("(built-in swinging scenario, seed 2)"), r.out());
        assertFalse(Files.readString(swinging.resolve("summary.csv"))
                .equals(Files.readString(steady.resolve("summary.csv"))));
    }

    @Test
    void anUnknownScenarioIsExit64BeforeAnyFileIsRead() {
        Cli r = run(
                "--policy",
                "pri",
                "--scenario",
                "calm",
                "--servers",
                dir.resolve("missing.csv").toString(),
                "--out",
                dir.resolve("o").toString());
        assertEquals(ExitCodes.USAGE, r.exitCode(), r.err());
        assertTrue(r.err().contains("--scenario: 'calm' is not one of steady, swinging"), r.err());
    }

    @Test
    void priNDropsAndPriDoesNot() throws IOException {
        Path pri = dir.resolve("pri");
        Path priN = dir.resolve("pri-n");
        assertEquals(ExitCodes.OK, small("pri", pri).exitCode());
        assertEquals(ExitCodes.OK, small("pri-n", priN, "--eviction-limit", "2").exitCode());
        String[] priRow = Files.readAllLines(pri.resolve("summary.csv")).get(1).split(",", -1);
        String[] priNRow =
                Files.readAllLines(priN.resolve("summary.csv")).get(1).split(",", -1);
        assertEquals("0", priRow[5]);
        assertTrue(Integer.parseInt(priNRow[5]) > 0, String.join(",", priNRow));
        assertTrue(Integer.parseInt(priNRow[4]) <= 1, "evicted at most limit-1 times");
        assertEquals("2", priNRow[10]);
    }

    @Test
    void aMalformedTraceRowIsNamedByFileAndLineExit65() throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(trace));
        lines.set(41, lines.get(41).replaceFirst(",\\d+,", ",twelve,"));
        Files.write(trace, lines);
        Cli r = small("hybrid", dir.resolve("out"));
        assertEquals(ExitCodes.DATA_ERROR, r.exitCode(), r.err());
        assertEquals(
                "overbookd: " + trace + ":42: priority 'twelve' is not a whole number",
                r.err().strip());
        assertFalse(Files.exists(dir.resolve("out").resolve("summary.csv")), "nothing written on bad input");
    }

    @Test
    void aMalformedServersFileIsExit65AndATraceThatCannotBeReadExit66() throws IOException {
        Files.writeString(servers, "type,count,cpu,memory,cores,slots\nA,3,half,0.5,12,24\n");
        Cli r = small("pri", dir.resolve("out"));
        assertEquals(ExitCodes.DATA_ERROR, r.exitCode());
        assertEquals(
                "overbookd: " + servers + ":2: cpu 'half' is not a number",
                r.err().strip());

        Path missing = dir.resolve("missing.csv");
        r = run("--policy", "pri", "--tasks", missing.toString(), "--out", dir.toString());
        assertEquals(ExitCodes.NO_INPUT, r.exitCode());
        assertEquals("overbookd: " + missing + ": no such file", r.err().strip());

        // a directory opens but cannot be read: unreadable too
        Path folder = Files.createDirectories(dir.resolve("a-folder.csv"));
        r = run("--policy", "pri", "--tasks", folder.toString(), "--out", dir.toString());
        assertEquals(ExitCodes.NO_INPUT, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("overbookd: " + folder + ": cannot read: "), r.err());

        // bytes that are not UTF-8 were read: the file is wrong, not unreadable
        Path binary = dir.resolve("binary.csv");
        Files.write(binary, new byte[] {'1', ',', (byte) 0xff, (byte) 0xfe, '\n'});
        r = run("--policy", "pri", "--tasks", binary.toString(), "--out", dir.toString());
        assertEquals(ExitCodes.DATA_ERROR, r.exitCode(), r.err());
        assertTrue(r.err().contains(binary + ":") && r.err().contains("not a UTF-8 text file"), r.err());

        // a .gz trace that is not gzip, or one cut short, was read too: wrong data
        Path notGzip = dir.resolve("part-00000-of-00500.csv.gz");
        Files.writeString(notGzip, "0,,1,0,,0,u,0,4,0.5,0.1,0,0\n");
        r = run("--policy", "pri", "--tasks", notGzip.toString(), "--out", dir.toString());
        assertEquals(ExitCodes.DATA_ERROR, r.exitCode(), r.err());
        assertEquals(
                "overbookd: " + notGzip + ": cannot read: not a gzip file",
                r.err().strip());
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (var gz = new java.util.zip.GZIPOutputStream(bytes)) {
            for (int i = 0; i < 2000; i++) {
                gz.write(
                        ("0,,1," + i + ",,0,u,0,4,0.5,0.1,0,0\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            }
        }
        byte[] whole = bytes.toByteArray();
        Path cut = dir.resolve("part-00001-of-00500.csv.gz");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        r = run("--policy", "pri", "--tasks", cut.toString(), "--out", dir.toString());
        assertEquals(ExitCodes.DATA_ERROR, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("overbookd: " + cut + ":") && r.err().contains("cut short"), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    /** An output that cannot be written is named with the system's reason, not with its own path twice. */
    @Test
    void anOutputUnderAFileIsExit73WithTheReasonInWords() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        Path out = file.resolve("results");
        Cli r = run("--policy", "pri", "--out", out.toString());
        assertEquals(ExitCodes.CANT_CREATE, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("overbookd: cannot write " + out + ": "), r.err());
        assertFalse(r.err().strip().endsWith(": " + out), "a reason, not the path again: " + r.err());
    }

    @Test
    void taskUsageGivesTheDemandsOfAGoogleTraceAndTheFallbackIsCounted() throws IOException {
        // two tasks run 100 s each; 1-0 has usage (0.25 x 100 s = 25 CPU-s), 2-0 has none: request 0.5 x 100 s
        Path events = dir.resolve("task_events.csv");
        Files.writeString(
                events,
                String.join(
                        "\n",
                        "0,,1,0,,0,u,0,4,0.5,0.1,0,0",
                        "10000000,,1,0,7,1,u,0,4,0.5,0.1,0,0",
                        "110000000,,1,0,7,4,u,0,4,0.5,0.1,0,0",
                        "0,,2,0,,0,u,0,0,0.5,0.1,0,0",
                        "10000000,,2,0,8,1,u,0,0,0.5,0.1,0,0",
                        "110000000,,2,0,8,4,u,0,0,0.5,0.1,0,0",
                        ""));
        Path usage = dir.resolve("task_usage.csv");
        Files.writeString(usage, "10000000,110000000,1,0,7,0.25,0,0,0,0,0,0,0,0.3,0,1,0,1,0,0.2\n");
        Cli r = run(
                "--policy",
                "pri",
                "--servers",
                servers.toString(),
                "--tasks",
                events.toString(),
                "--task-usage",
                usage.toString(),
                "--out",
                dir.resolve("u").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("demand from task_usage " + usage), r.out());
        assertTrue(
                r.out().contains("(1 tasks without usage in task_usage: demand is CPU request x run length)"), r.out());
        // the demand read reaches the run: without usage task 1-0 needs 50 CPU-s, not 25, and finishes later
        Cli request = run(
                "--policy",
                "pri",
                "--servers",
                servers.toString(),
                "--tasks",
                events.toString(),
                "--out",
                dir.resolve("q").toString());
        assertEquals(0, request.exitCode(), request.err());
        assertFalse(request.out().contains("without usage"), request.out());
        assertFalse(Files.readString(dir.resolve("u").resolve("classes.csv"))
                .equals(Files.readString(dir.resolve("q").resolve("classes.csv"))));

        r = run(
                "--policy",
                "pri",
                "--task-usage",
                usage.toString(),
                "--out",
                dir.resolve("v").toString());
        assertEquals(ExitCodes.USAGE, r.exitCode(), r.err());
        assertTrue(r.err().contains("--task-usage gives the demands of a Google trace; it needs --tasks"), r.err());

        r = small("pri", dir.resolve("w"), "--task-usage", usage.toString());
        assertEquals(ExitCodes.DATA_ERROR, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("overbookd: " + trace + ": is our CSV"), r.err());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "unknown policy        | --policy fifo                          | --policy: 'fifo' is not one of hybrid, pri, pri-n",
                "sticky slots with pri | --policy pri --sticky-slots 10         | --sticky-slots applies to --policy hybrid only, not pri",
                "limit with hybrid     | --policy hybrid --eviction-limit 3     | --eviction-limit applies to --policy pri-n only, not hybrid",
                "limit of zero         | --policy pri-n --eviction-limit 0      | --eviction-limit must be at least 1, got 0",
                "negative sticky       | --policy hybrid --sticky-slots -1      | --sticky-slots must be at least 0, got -1",
                "bad victim rule       | --policy pri --victim oldest           | --victim: 'oldest' is not one of by-evictor, lowest-class, youngest",
                "bad trace format      | --policy pri --trace-format parquet    | --trace-format: 'parquet' is not one of auto, csv, google",
                "not a number          | --policy pri --seed one                | Invalid value for option '--seed'",
                "no policy             | --seed 3                               | Missing required option: '--policy",
                "scenario with a trace | --policy pri --scenario swinging       | --scenario chooses a built-in scenario; with --tasks the trace is the workload",
            })
    void commandLineMisuseIsExit64(String name, String args, String expected) {
        List<String> all = new ArrayList<>(List.of(args.split(" ")));
        all.addAll(
                List.of("--tasks", trace.toString(), "--out", dir.resolve("o").toString()));
        Cli r = run(all.toArray(new String[0]));
        assertEquals(ExitCodes.USAGE, r.exitCode(), r.err());
        assertTrue(r.err().contains(expected), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace:\n" + r.err());
    }
}
