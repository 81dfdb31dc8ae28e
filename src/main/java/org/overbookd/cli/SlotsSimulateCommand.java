package org.overbookd.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.overbookd.io.InputException;
import org.overbookd.policy.ArgumentException;
import org.overbookd.policy.hybrid.EvictionRule;
import org.overbookd.policy.hybrid.HybridPolicy;
import org.overbookd.policy.hybrid.HybridSettings;
import org.overbookd.policy.hybrid.Labelled;
import org.overbookd.policy.hybrid.RegularOrder;
import org.overbookd.policy.hybrid.SlotPolicy;
import org.overbookd.policy.registry.PolicyRegistry;
import org.overbookd.sim.slots.ClassStats;
import org.overbookd.sim.slots.Infrastructure;
import org.overbookd.sim.slots.ServerMix;
import org.overbookd.sim.slots.SlotResult;
import org.overbookd.sim.slots.SlotSimulation;
import org.overbookd.sim.slots.SlotTables;
import org.overbookd.sim.slots.Workloads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Runs HYBRID, PRI or PRI-N (Çavdar et al.) on the slot model and writes its metrics. Meant to be
 * mounted as {@code simulate --model slots}; it also works on its own, with the same exit codes.
 */
@Command(
        name = "simulate-slots",
        hidden = true,
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        exitCodeOnInvalidInput = ExitCodes.USAGE,
        exitCodeOnExecutionException = ExitCodes.SOFTWARE,
        description = {
            "Run HYBRID (sticky slots), PRI or PRI-N on the slot model of Cavdar et al. and print Table 2's metrics.",
            "Without --tasks this is a built-in scenario of tasks submitted over 15 hours in 12 priority classes,"
                    + " on Table 1's 125 servers (3,072 slots): steady (default, about 70,000 tasks; tuned to HYBRID's"
                    + " row of Table 2: long class-9 tasks hold almost every slot while short low-priority tasks"
                    + " overload the rest), swinging (about 68,000 tasks, the first one built: busy and quiet periods;"
                    + " HYBRID gains much less there) or calibrated (about 30,000 tasks, fitted to the PRI and PRI5"
                    + " rows only, so HYBRID's result on it is a prediction)."
        },
        footer = {
            "",
            "Writes summary.csv, classes.csv, sticky.csv and slot-types.csv into --out.",
            "",
            "Examples:",
            "  overbookd simulate --model slots --policy hybrid --out results/hybrid",
            "  overbookd simulate --model slots --policy pri-n --eviction-limit 3 \\",
            "      --out results/pri3",
            "  overbookd simulate --model slots --policy hybrid --scenario swinging \\",
            "      --out results/swinging",
            "  overbookd simulate --model slots --policy hybrid --scenario calibrated \\",
            "      --out results/calibrated",
            "  overbookd simulate --model slots --policy pri \\",
            "      --tasks task_events/part-00000-of-00500.csv.gz --out r/",
            "  overbookd simulate --model slots --policy hybrid \\",
            "      --tasks task_events/part-00000-of-00500.csv.gz \\",
            "      --task-usage task_usage/part-00000-of-00500.csv.gz --out r/",
            "",
            "Exit codes: 0 ok, 64 usage error, 65 bad trace or servers file,",
            "66 cannot read one, 73 cannot write output."
        })
public final class SlotsSimulateCommand extends ChoosesPolicies implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = "--policy",
            required = true,
            paramLabel = "hybrid|pri|pri-n",
            description = "HYBRID with sticky slots, PRI (preemptive priority), or PRI-N (PRI dropping a task at its"
                    + " N-th eviction).")
    String policy;

    @Option(
            names = "--tasks",
            paramLabel = "FILE",
            description = "Trace: CSV with header id,submit_s,priority,cpu_seconds[,memory], or Google cluster-data"
                    + " 2011 task_events (.csv or .csv.gz). Default: the built-in scenario that --scenario names.")
    Path tasks;

    @Option(
            names = "--task-usage",
            paramLabel = "FILE",
            description = "Google cluster-data 2011 task_usage (.csv or .csv.gz) of the --tasks trace: a task's demand"
                    + " is the CPU it used in its successful run (mean CPU rate x interval, summed); tasks without"
                    + " usage there keep CPU request x run length, and are counted.")
    Path taskUsage;

    @Option(
            names = "--scenario",
            paramLabel = "steady|swinging|calibrated",
            description = "Built-in scenario when there is no --tasks (default: steady).")
    String scenario;

    @Option(
            names = "--trace-format",
            paramLabel = "auto|csv|google",
            defaultValue = "auto",
            description = "Format of --tasks (default: ${DEFAULT-VALUE}, by its first line).")
    String traceFormat;

    @Option(
            names = "--servers",
            paramLabel = "FILE",
            description = "Servers: CSV with header type,count,cpu,memory,cores,slots. Default: Table 1.")
    Path servers;

    // the two arguments of the paper's policies keep options of their own; the policies check them
    @Option(
            names = "--sticky-slots",
            paramLabel = "N",
            description = "Sticky slots of HYBRID (default " + HybridSettings.PAPER_STICKY_SLOTS
                    + ", as the paper); the same as --policy-arg sticky-slots=N.")
    String stickySlots;

    @Option(
            names = "--eviction-limit",
            paramLabel = "N",
            description = "PRI-N: a task is dropped at its N-th"
                    + " eviction (default " + HybridSettings.PAPER_EVICTION_LIMIT + ", the paper's PRI5); the same as"
                    + " --policy-arg eviction-limit=N.")
    String evictionLimit;

    @Option(
            names = "--policy-arg",
            paramLabel = "KEY=VALUE",
            description =
                    "An argument of the --policy, by the key it declares; repeatable. Each policy checks its own.")
    Map<String, String> policyArgs = new LinkedHashMap<>();

    @Option(
            names = "--victim",
            paramLabel = "by-evictor|lowest-class|youngest",
            defaultValue = "by-evictor",
            description = "Which lower-priority task a preemption takes: by-evictor (default, section 3.2 as"
                    + " written): the youngest of all lower classes for a non-production evictor, the youngest of"
                    + " the lowest class for a production one; lowest-class: the youngest of the lowest class for"
                    + " every evictor; youngest: the youngest of all lower classes for every evictor.")
    String victim;

    @Option(
            names = "--regular-order",
            paramLabel = "arrival|first-arrival",
            defaultValue = "arrival",
            description = "Tie-break within a priority in the regular phase: the time a task (re-)entered the queue"
                    + " (default), or its first arrival.")
    String regularOrder;

    @Option(
            names = "--seed",
            paramLabel = "N",
            defaultValue = "1",
            description = "Seed of the built-in scenario and of random slot choice (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "DIR",
            description = "Directory for the CSV files (created if missing).")
    Path out;

    /** Runs the command on its own, before it is mounted under {@code simulate}. */
    @Override
    public Integer call() {
        SlotPolicy chosen = policy();
        Workloads.Scenario builtIn =
                parse(Workloads.Scenario.class, "--scenario", scenario == null ? "steady" : scenario);
        PrintWriter err = spec.commandLine().getErr();
        Infrastructure infra;
        Workloads.SubmittedTasks workload;
        try {
            infra = servers == null ? Infrastructure.table1() : new Infrastructure(ServerMix.read(servers));
            workload = tasks == null
                    ? Workloads.synthetic(builtIn, seed)
                    : Workloads.read(tasks, parse(Workloads.Format.class, "--trace-format", traceFormat), taskUsage);
        } catch (InputException e) {
            err.println("overbookd: " + e.getMessage());
            err.flush();
            return ExitCodes.of(e);
        }
        SlotResult result = new SlotSimulation(infra, workload.tasks(), chosen).run();
        List<Path> files;
        try {
            Files.createDirectories(out);
            files = SlotTables.write(out, result, seed, workload.provenance());
        } catch (IOException e) {
            err.println("overbookd: " + Main.writeFailure(out, e));
            err.flush();
            return ExitCodes.CANT_CREATE;
        }
        PrintWriter o = spec.commandLine().getOut();
        printTable(o, result, workload);
        o.println(
                "wrote " + String.join(", ", files.stream().map(Path::toString).toList()));
        o.flush();
        return ExitCodes.OK;
    }

    /** The policy the options ask for; arguments that do not belong to it are usage errors. */
    private SlotPolicy policy() {
        if (scenario != null && tasks != null) {
            throw usage("--scenario chooses a built-in scenario; with --tasks the trace is the workload");
        }
        if (taskUsage != null && tasks == null) {
            throw usage("--task-usage gives the demands of a Google trace; it needs --tasks");
        }
        HybridSettings settings = HybridSettings.defaults(seed)
                .withVictimRule(parse(EvictionRule.class, "--victim", victim))
                .withRegularOrder(parse(RegularOrder.class, "--regular-order", regularOrder));
        if (!registry().has(PolicyRegistry.SLOTS, policy)) {
            throw usage("--policy: "
                    + registry().unknown(PolicyRegistry.SLOTS, policy).getMessage());
        }
        PolicyArguments given = new PolicyArguments(spec.commandLine(), policyArgs)
                .option(HybridPolicy.STICKY_SLOTS.key(), stickySlots)
                .option(HybridPolicy.EVICTION_LIMIT.key(), evictionLimit);
        try {
            return registry().create(PolicyRegistry.SLOTS, policy, settings, given.all());
        } catch (ArgumentException e) {
            throw given.refused(e, policy);
        }
    }

    private <E extends Enum<E> & Labelled> E parse(Class<E> type, String option, String text) {
        try {
            return Labelled.parse(type, text);
        } catch (IllegalArgumentException e) {
            throw usage(option + ": " + e.getMessage());
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    static void printTable(PrintWriter out, SlotResult r, Workloads.SubmittedTasks workload) {
        out.printf(
                Locale.ROOT,
                "%s, %d sticky slot%s%s; %,d tasks (%s) on %d servers, %,d slots%n",
                r.policy(),
                r.stickySlots(),
                r.stickySlots() == 1 ? "" : "s",
                r.evictionLimit() > 0 ? ", dropped at eviction " + r.evictionLimit() : "",
                r.tasks(),
                workload.description(),
                r.servers(),
                r.slots());
        if (workload.skipped() > 0) {
            out.printf(
                    Locale.ROOT,
                    "  (%,d tasks of the trace left out: not both submitted and finished in it)%n",
                    workload.skipped());
        }
        if (workload.demandFromRequest() > 0) {
            out.printf(
                    Locale.ROOT,
                    "  (%,d tasks without usage in task_usage: demand is CPU request x run length)%n",
                    workload.demandFromRequest());
        }
        ClassStats c0 = r.classStats(0);
        row(out, "evictions (NE)", "%d", r.evictions());
        row(out, "evicted tasks", "%d", r.evictedTasks());
        row(out, "mean evictions per evicted task", "%.2f", r.meanEvictionsPerEvictedTask());
        row(out, "max evictions per task", "%d", r.maxEvictions());
        row(out, "drops", "%d", r.dropped());
        row(out, "wasted CPU-seconds (WE)", "%.1f", r.wastedCpuSeconds());
        row(out, "R0 evicted, median s", "%.0f", c0.responseP50Evicted());
        row(out, "R0 never evicted, median s", "%.0f", c0.responseP50NeverEvicted());
        row(out, "R9 median s", "%.0f", r.classStats(9).responseP50());
        row(
                out,
                "finished on sticky slots",
                "%.1f %%",
                r.finished() == 0 ? Double.NaN : 100.0 * r.finishedOnSticky() / r.finished());
    }

    private static void row(PrintWriter out, String name, String format, Object value) {
        out.printf(Locale.ROOT, "  %-32s %12s%n", name, String.format(Locale.ROOT, format, value));
    }
}
