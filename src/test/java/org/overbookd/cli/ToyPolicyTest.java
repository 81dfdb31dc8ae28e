package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.policy.registry.PolicyRegistry;
import org.overbookd.policy.toy.FirstComeFirstServed;
import org.overbookd.policy.toy.NoResume;
import org.overbookd.policy.toy.PriorityOrderQosPreemption;
import org.overbookd.policy.toy.SlotCap;
import picocli.CommandLine;

/**
 * Adding a policy touches its own package and one registry line: a toy policy of the overbooking
 * model, one of the slot model and one of the VM-type model, each written in a package of its own with one typed argument and
 * registered by one line, run through {@code overbookd simulate} as a user types it, their arguments
 * checked by the policy's declaration (and, beside the tree's policies, handed to the one that
 * declares them).
 */
class ToyPolicyTest {

    /** The one registry line. */
    private static final PolicyRegistry WITH_TOY =
            PolicyRegistry.IN_TREE.with(PolicyRegistry.SLOTS, FirstComeFirstServed.FACTORY);

    /** The one registry line of the VM-type toy. */
    private static final PolicyRegistry WITH_TYPES_TOY =
            PolicyRegistry.IN_TREE.with(PolicyRegistry.TYPES, SlotCap.FACTORY);

    private static final String INPUTS = "src/test/resources/golden/";

    @TempDir
    Path dir;

    private Cli simulate(PolicyRegistry policies, String policy, String out, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "simulate",
                "--model",
                "slots",
                "--policy",
                policy,
                "--servers",
                INPUTS + "servers.csv",
                "--tasks",
                INPUTS + "tasks.csv",
                "--out",
                dir.resolve(out).toString()));
        args.addAll(List.of(more));
        return run(policies, args);
    }

    /** The command line as a user types it, choosing policies from {@code policies}. */
    private static Cli run(PolicyRegistry policies, List<String> args) {
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        CommandLine cli = Main.commandLine(policies);
        cli.setOut(new PrintWriter(stdout, true));
        cli.setErr(new PrintWriter(stderr, true));
        int code = cli.execute(Main.route(args.toArray(String[]::new)));
        return new Cli(code, stdout.toString(), stderr.toString());
    }

    /** A usage error (exit 64) whose message contains {@code message}. */
    private static void refused(Cli r, String message) {
        assertEquals(ExitCodes.USAGE, r.exitCode(), r.err());
        assertTrue(r.err().contains(message), r.err());
    }

    private List<String> summary(String out) throws IOException {
        List<String> lines = Files.readAllLines(dir.resolve(out).resolve("summary.csv"));
        List<String> header = List.of(lines.get(0).split(","));
        List<String> row = List.of(lines.get(1).split(","));
        return List.of(
                row.get(header.indexOf("policy")),
                row.get(header.indexOf("evictions")),
                row.get(header.indexOf("finished")),
                row.get(header.indexOf("last_finish_s")));
    }

    @Test
    void aRegisteredToyPolicyRunsThroughSimulateWithItsArgument() throws IOException {
        Cli free = simulate(WITH_TOY, "fcfs", "free");
        assertEquals(0, free.exitCode(), free.err());
        Cli reserved = simulate(WITH_TOY, "fcfs", "reserved", "--policy-arg", "reserve=90");
        assertEquals(0, reserved.exitCode(), reserved.err());
        List<String> a = summary("free");
        List<String> b = summary("reserved");
        assertEquals("fcfs", a.get(0));
        assertEquals("0", a.get(1), "the toy never evicts");
        assertEquals(a.get(2), b.get(2), "both finish every task");
        // six slots instead of 96: the same tasks finish later, so the argument reached the policy
        assertTrue(Double.parseDouble(b.get(3)) > Double.parseDouble(a.get(3)), a + " vs " + b);
    }

    @Test
    void theToysArgumentsAreCheckedByItsDeclarationNamingTheKey() {
        refused(
                simulate(WITH_TOY, "fcfs", "o", "--policy-arg", "reserve=-1"),
                "--policy-arg reserve must be at least 0, got -1");
        refused(
                simulate(WITH_TOY, "fcfs", "o", "--policy-arg", "reserve=many"),
                "--policy-arg reserve 'many' is not an integer");
        refused(
                simulate(WITH_TOY, "fcfs", "o", "--policy-arg", "patience=3"),
                "--policy-arg patience is not an argument of fcfs");
        refused(
                simulate(WITH_TOY, "fcfs", "o", "--sticky-slots", "3"),
                "--sticky-slots applies to --policy hybrid only, not fcfs");
        refused(
                simulate(WITH_TOY, "pri", "o", "--policy-arg", "reserve=3"),
                "--policy-arg reserve applies to --policy fcfs only, not pri");
    }

    @Test
    void theInTreeRegistryDoesNotHoldTheToy() {
        refused(simulate(PolicyRegistry.IN_TREE, "fcfs", "o"), "--policy: 'fcfs' is not one of hybrid, pri, pri-n");
    }

    @Test
    void theSameArgumentGivenTwiceIsRefused() {
        refused(
                simulate(WITH_TOY, "hybrid", "o", "--sticky-slots", "3", "--policy-arg", "sticky-slots=4"),
                "--sticky-slots and --policy-arg sticky-slots both given");
        refused(
                simulate(WITH_TOY, "hybrid", "o", "--policy-arg", "sticky-slots=-1"),
                "--policy-arg sticky-slots must be at least 0, got -1");
    }

    private Cli types(PolicyRegistry policies, String out, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "simulate",
                "--model",
                "types",
                "--scenario",
                "example1",
                "--horizon",
                "200",
                "--samples",
                "10",
                "--out",
                dir.resolve(out).toString()));
        args.addAll(List.of(more));
        return run(policies, args);
    }

    /** The mean queue of each policy of a types run's summary.csv, in its order. */
    private List<String> meanQueues(String out) throws IOException {
        List<String> lines = Files.readAllLines(dir.resolve(out).resolve("summary.csv"));
        List<String> header = List.of(lines.get(0).split(","));
        List<String> queues = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            List<String> row = List.of(line.split(","));
            queues.add(row.get(header.indexOf("policy")) + " " + row.get(header.indexOf("mean_queue")));
        }
        return queues;
    }

    @Test
    void aRegisteredVmTypeToyRunsBesideTheTreesPoliciesEachHandedItsOwnArguments() throws IOException {
        Cli one = types(WITH_TYPES_TOY, "one", "--policy", "maxweight,slot-cap", "--beta", "0.3");
        assertEquals(0, one.exitCode(), one.err());
        Cli three = types(
                WITH_TYPES_TOY,
                "three",
                "--policy",
                "maxweight,slot-cap",
                "--policy-arg",
                "beta=0.3",
                "--policy-arg",
                "per-server=3");
        assertEquals(0, three.exitCode(), three.err());
        List<String> a = meanQueues("one");
        List<String> b = meanQueues("three");
        assertEquals(a.get(0), b.get(0), "maxweight is handed beta alone, the same in both runs");
        assertTrue(a.get(1).startsWith("slot-cap "), a.toString());
        // three VMs a server instead of one: a shorter queue, so the argument reached the toy
        double capOne = Double.parseDouble(a.get(1).substring("slot-cap ".length()));
        double capThree = Double.parseDouble(b.get(1).substring("slot-cap ".length()));
        assertTrue(capThree < capOne, a + " vs " + b);
    }

    @Test
    void theVmTypeToysArgumentIsCheckedByItsDeclaration() {
        refused(
                types(WITH_TYPES_TOY, "o", "--policy", "slot-cap", "--policy-arg", "per-server=0"),
                "--policy-arg per-server must be at least 1, got 0");
        refused(
                types(WITH_TYPES_TOY, "o", "--policy", "slot-cap", "--beta", "0.3"),
                "--beta applies to --policy maxweight only, not slot-cap");
        refused(
                types(WITH_TYPES_TOY, "o", "--policy", "m14", "--policy-arg", "per-server=2"),
                "--policy-arg per-server applies to --policy slot-cap only, not m14");
        refused(types(PolicyRegistry.IN_TREE, "o", "--policy", "slot-cap"), "--policy: 'slot-cap' is not one of");
    }

    private Cli requests(PolicyRegistry policies, String policy, String out) {
        return run(
                policies,
                List.of(
                        "simulate",
                        "--model",
                        "requests",
                        "--policy",
                        policy,
                        "--workload",
                        "sim/qos-validation/test1-workload.csv",
                        "--hosts",
                        "sim/qos-validation/hosts.csv",
                        "--until",
                        "3600",
                        "--out",
                        dir.resolve(out).toString()));
    }

    @Test
    void aRegisteredRequestToyRunsThroughSimulate() throws IOException {
        PolicyRegistry withToy =
                PolicyRegistry.IN_TREE.with(PolicyRegistry.REQUESTS, PriorityOrderQosPreemption.FACTORY);
        Cli toy = requests(withToy, PriorityOrderQosPreemption.NAME, "toy");
        assertEquals(0, toy.exitCode(), toy.err());
        // the priority-based order with the QoS-driven preemption: a run of neither in-tree policy
        String toyRequests = Files.readString(dir.resolve("toy/requests.csv"));
        for (String inTree : List.of("qos", "priority")) {
            Cli r = requests(withToy, inTree, inTree);
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(
                    !toyRequests.equals(Files.readString(dir.resolve(inTree).resolve("requests.csv"))),
                    "the toy's run is not " + inTree + "'s");
        }
        refused(
                requests(PolicyRegistry.IN_TREE, PriorityOrderQosPreemption.NAME, "o"),
                "expected one of [qos, priority]");
    }

    /** The one registry line of the overbooking toy. */
    private static final PolicyRegistry WITH_OVERBOOKING_TOY =
            PolicyRegistry.IN_TREE.with(PolicyRegistry.OVERBOOKING, NoResume.FACTORY);

    /** A small overbooking run: a day on ten hosts. */
    private static Cli overbooking(PolicyRegistry policies, String... more) {
        List<String> args = new ArrayList<>(
                List.of("simulate", "--set", "sim.nodes=10", "--set", "sim.duration=1d", "--seed", "7"));
        args.addAll(List.of(more));
        return run(policies, args);
    }

    /** The count of a row of simulate's table ({@code "  resumes   12"}). */
    private static long count(Cli r, String row) {
        for (String line : r.out().split("\n")) {
            if (line.startsWith("  " + row + " ")) {
                return Long.parseLong(line.substring(row.length() + 2).trim());
            }
        }
        throw new AssertionError("no row " + row + " in\n" + r.out());
    }

    @Test
    void aRegisteredOverbookingToyRunsThroughSimulateWithItsArgument() {
        Cli paper = overbooking(WITH_OVERBOOKING_TOY);
        assertEquals(0, paper.exitCode(), paper.err());
        assertTrue(count(paper, "resumes") > 0, paper.out());
        assertEquals(
                paper.out(),
                overbooking(PolicyRegistry.IN_TREE, "--policy", "overbooking").out(),
                "the default");
        Cli toy = overbooking(WITH_OVERBOOKING_TOY, "--policy", NoResume.NAME);
        assertEquals(0, toy.exitCode(), toy.err());
        assertEquals(0, count(toy, "resumes"), "the toy never resumes: " + toy.out());
        assertTrue(count(toy, "deploys") > 0, toy.out());
        // chosen by the configuration key as well as by --policy
        assertEquals(
                toy.out(),
                overbooking(WITH_OVERBOOKING_TOY, "--set", "overbooking.policy=no-resume")
                        .out());
        Cli none = overbooking(WITH_OVERBOOKING_TOY, "--policy", NoResume.NAME, "--policy-arg", "max-deploys=0");
        assertEquals(0, none.exitCode(), none.err());
        // no deploy a step: nothing is ever overbooked, so the argument reached the toy
        assertEquals(0, count(none, "deploys"), none.out());
        assertEquals(0, count(none, "suspends"), none.out());
    }

    @Test
    void theOverbookingToysArgumentsAreCheckedAndTheTreesPolicyTakesNone() {
        refused(
                overbooking(WITH_OVERBOOKING_TOY, "--policy", NoResume.NAME, "--policy-arg", "max-deploys=-1"),
                "--policy-arg max-deploys must be at least 0, got -1");
        refused(
                overbooking(WITH_OVERBOOKING_TOY, "--policy-arg", "max-deploys=3"),
                "--policy-arg max-deploys applies to --policy no-resume only, not overbooking");
        refused(
                overbooking(PolicyRegistry.IN_TREE, "--policy-arg", "limit=3"),
                "--policy-arg limit is not an argument of overbooking");
        refused(
                overbooking(PolicyRegistry.IN_TREE, "--policy", NoResume.NAME),
                "--policy: 'no-resume' is not one of overbooking");
    }

    @Test
    void checkConfigAcceptsARegisteredToyByTheKeyAndRefusesAnUnknownNameNamingTheKey() {
        List<String> args = List.of(
                "check-config", "--set", "backend=simulated", "--set", "overbooking.policy=no-resume", "--quiet");
        Cli ok = run(WITH_OVERBOOKING_TOY, args);
        assertEquals(0, ok.exitCode(), ok.err());
        Cli unknown = run(PolicyRegistry.IN_TREE, args);
        assertEquals(ExitCodes.CONFIG, unknown.exitCode(), unknown.err());
        assertTrue(
                unknown.err().contains("--set: overbooking.policy: 'no-resume' is not one of overbooking"),
                unknown.err());
        Cli simulate = overbooking(PolicyRegistry.IN_TREE, "--set", "overbooking.policy=no-resume");
        assertEquals(ExitCodes.CONFIG, simulate.exitCode(), simulate.err());
        assertTrue(simulate.err().contains("--set: overbooking.policy: 'no-resume' is not one of"), simulate.err());
    }

    @Test
    void anUnknownPolicyIsReportedWithTheOtherKeysProblemsInTheSameRun() throws IOException {
        Path config = dir.resolve("bad.properties");
        Files.write(
                config,
                List.of(
                        "backend = simulated",
                        "overbooking.policy = no-resume",
                        "overbooking.lower-bound = high",
                        "sim.nodez = 4"));
        for (String command : List.of("check-config", "run", "simulate")) {
            Cli bad = run(PolicyRegistry.IN_TREE, List.of(command, "--config", config.toString()));
            assertEquals(ExitCodes.CONFIG, bad.exitCode(), command + ": " + bad.err());
            assertTrue(
                    bad.err().contains(config + ":2: overbooking.policy: 'no-resume' is not one of overbooking"),
                    command + ": " + bad.err());
            assertTrue(bad.err().contains(config + ":3: overbooking.lower-bound: "), command + ": " + bad.err());
            assertTrue(bad.err().contains(config + ":4: sim.nodez: unknown key"), command + ": " + bad.err());
        }
        // a registered name is no problem: the other keys' are reported alone
        Cli others = run(WITH_OVERBOOKING_TOY, List.of("check-config", "--config", config.toString()));
        assertEquals(ExitCodes.CONFIG, others.exitCode(), others.err());
        assertFalse(others.err().contains("overbooking.policy"), others.err());
        assertTrue(others.err().contains(config + ":4: sim.nodez: unknown key"), others.err());
    }

    /**
     * tune and sweep replay with the tree's policies alone, and say so as the other commands do: the file,
     * the line and the key that named another, and the sweep's own list of policies as written.
     */
    @Test
    void tuneAndSweepNameTheLineOfAPolicyTheyCannotRun() throws IOException {
        Path config = dir.resolve("toy.properties");
        Files.write(config, List.of("backend = simulated", "overbooking.policy = no-resume"));
        Path grid = dir.resolve("grid.properties");
        Files.write(
                grid,
                List.of(
                        "backend = simulated",
                        "sweep.overbooking.slots = 1, 2",
                        "sweep.overbooking.policy = overbooking, no-resume"));
        String unknown = ": overbooking.policy: 'no-resume' is not one of overbooking";
        Cli tune = run(
                WITH_OVERBOOKING_TOY,
                List.of(
                        "tune",
                        "--config",
                        config.toString(),
                        "--record",
                        config.toString(), // read only once the settings hold
                        "--max-degradation",
                        "5",
                        "--out",
                        dir.resolve("tuned").toString()));
        assertEquals(ExitCodes.CONFIG, tune.exitCode(), tune.err());
        assertTrue(tune.err().contains(config + ":2" + unknown), tune.err());
        Cli sweep = run(
                WITH_OVERBOOKING_TOY,
                List.of(
                        "sweep",
                        "--config",
                        config.toString(),
                        "--out",
                        dir.resolve("swept").toString()));
        assertEquals(ExitCodes.CONFIG, sweep.exitCode(), sweep.err());
        assertTrue(sweep.err().contains(config + ":2" + unknown), sweep.err());
        Cli swept = run(
                PolicyRegistry.IN_TREE,
                List.of(
                        "sweep",
                        "--config",
                        grid.toString(),
                        "--out",
                        dir.resolve("grid").toString()));
        assertEquals(ExitCodes.CONFIG, swept.exitCode(), swept.err());
        assertTrue(
                swept.err().contains(grid + ":3: sweep.overbooking.policy: 'no-resume' is not one of overbooking"),
                swept.err());
        assertTrue(Files.notExists(dir.resolve("grid")), "refused before any run");
    }

    @Test
    void theDaemonRunsARegisteredToyChosenByTheKeyAndRefusesAnUnknownOne() throws IOException {
        Path config = dir.resolve("overbookd.properties");
        Files.write(
                config,
                List.of(
                        "backend = simulated",
                        "sim.nodes = 4",
                        "overbooking.policy = no-resume",
                        "audit.file = " + dir.resolve("audit.jsonl"),
                        "record.file = " + dir.resolve("record.csv")));
        List<String> args = List.of("run", "--config", config.toString(), "--once");
        Cli unknown = run(PolicyRegistry.IN_TREE, args);
        assertEquals(ExitCodes.CONFIG, unknown.exitCode(), unknown.err());
        assertTrue(unknown.err().contains(config + ":3: overbooking.policy: 'no-resume' is not one of"), unknown.err());
        assertTrue(Files.notExists(dir.resolve("audit.jsonl")), "refused before its first cycle");
        Cli toy = run(WITH_OVERBOOKING_TOY, args);
        assertEquals(0, toy.exitCode(), toy.err());
        assertTrue(Files.readString(dir.resolve("audit.jsonl")).contains("deploy"), "its cycle decided");
    }
}
