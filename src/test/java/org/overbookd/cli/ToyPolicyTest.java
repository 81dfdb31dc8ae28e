package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import picocli.CommandLine;

/**
 * Adding a policy touches its own package and one registry line: a toy policy of the slot model,
 * written in a package of its own with one typed argument, registered by one line, runs through
 * {@code overbookd simulate} as a user types it, its argument checked by the policy's declaration.
 */
class ToyPolicyTest {

    /** The one registry line. */
    private static final PolicyRegistry WITH_TOY =
            PolicyRegistry.IN_TREE.with(PolicyRegistry.SLOTS, FirstComeFirstServed.FACTORY);

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
}
