package org.overbookd.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import org.overbookd.io.InputException;
import org.overbookd.policy.Argument;
import org.overbookd.policy.ArgumentException;
import org.overbookd.policy.Arguments;
import org.overbookd.policy.maxweight.Padding;
import org.overbookd.policy.maxweight.SolverChoice;
import org.overbookd.policy.maxweight.TypeSchedulers;
import org.overbookd.policy.registry.PolicyRegistry;
import org.overbookd.sim.types.ArrivalModel;
import org.overbookd.sim.types.QueueChart;
import org.overbookd.sim.types.ScenarioFile;
import org.overbookd.sim.types.SwfTrace;
import org.overbookd.sim.types.TraceScenario;
import org.overbookd.sim.types.TypesOutputs;
import org.overbookd.sim.types.TypesResult;
import org.overbookd.sim.types.TypesRun;
import org.overbookd.sim.types.TypesScenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Simulates the VM-type model of Psychas and Ghaderi under one or more policies on the same
 * arrivals (same seed, same VMs), and writes summary.csv, queue.csv and queue.png. To be mounted as
 * {@code simulate --model types}; it works as a command of its own too.
 */
@Command(
        name = "simulate-types",
        hidden = true,
        description = {
            "Simulate non-preemptive VM scheduling by VM type (Psychas and Ghaderi): servers with capacities,",
            "VM types with demands, one queue per type. Runs each --policy on the same arrivals and writes",
            "summary.csv, queue.csv (queue sizes over time) and queue.png (total queue size, like the paper's",
            "figures 1 and 2) into --out."
        },
        footer = {
            "",
            "Policies: maxweight (Algorithm 1), m14 (MaxWeight at local refresh times; m14-central with one",
            "central queue), g16 (randomized sampling, reconstructed), best-fit (plain non-preemptive best fit).",
            "Built-in scenarios: example1, example2 (section 4.1), google-synthetic (section 4.2 on a generated",
            "trace), google-jobs (Figure 4's heavy-tailed, job-structured stand-in).",
            "",
            "Examples:",
            "  overbookd simulate --model types --policy maxweight,m14 --scenario example1 \\",
            "      --out results/ex1",
            "  overbookd simulate --model types --policy maxweight,g16 --scenario example2 \\",
            "      --out results/ex2",
            "  overbookd simulate --model types --policy maxweight,m14,g16,best-fit \\",
            "      --trace task_events/part-00000-of-00500.csv.gz --servers 1000 \\",
            "      --out results/google"
        })
public final class TypesSimulateCommand extends ChoosesPolicies implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = "--policy",
            split = ",",
            paramLabel = "POLICY",
            description =
                    "maxweight, m14 (routed to per-server queues, as cited), m14-central, g16 or best-fit; several, comma-separated, run on the same arrivals"
                            + " (default: ${DEFAULT-VALUE}).")
    List<String> policies = new ArrayList<>(List.of("maxweight"));

    @Option(
            names = "--scenario",
            paramLabel = "NAME|FILE",
            description =
                    "example1, example2, google-synthetic, google-jobs, or a scenario file (default: ${DEFAULT-VALUE}).")
    String scenario = "example1";

    @Option(
            names = "--trace",
            paramLabel = "FILE",
            description = "Run section 4.2 on this Google task_events file (.csv or .csv.gz) instead of --scenario.")
    Path trace;

    @Option(
            names = "--trace-format",
            paramLabel = "google|swf",
            defaultValue = "google",
            description =
                    "Format of --trace: google (cluster-data 2011 task_events, the default) or swf (the Parallel"
                            + " Workloads Archive's Standard Workload Format: a job's size is its processors over the machine's).")
    String traceFormat;

    @Option(
            names = "--servers",
            split = ",",
            paramLabel = "N",
            description =
                    "Unit servers for a trace (--trace, or a trace scenario's trace.servers); default 1000 with --trace."
                            + " Several, comma-separated, run each count on the same trace, with outputs in DIR/servers-N.")
    List<Integer> serverCounts;

    @Option(
            names = "--solver",
            paramLabel = "exact|greedy|auto",
            description = "How maxweight and m14 find configurations; auto is exact where its table is small"
                    + " (default: ${DEFAULT-VALUE}).")
    String solver = "auto";

    @Option(
            names = "--padding",
            paramLabel = "largest-first|smallest-first|none",
            description = "Which empty-queue types get the room a configuration leaves (default: ${DEFAULT-VALUE}).")
    String padding = "largest-first";

    // Algorithm 1's two arguments keep options of their own, as the paper's runs are written; the policy checks them
    @Option(
            names = "--beta",
            paramLabel = "B",
            description =
                    "Algorithm 1's beta, strictly between 0 and 1 (default 0.5); the same as --policy-arg" + " beta=B.")
    String beta;

    @Option(
            names = "--recheck-empty",
            negatable = true,
            fallbackValue = "true",
            description = "Algorithm 1 also tests condition (4) for empty servers when an arrival has to queue"
                    + " (an extension; the paper tests at departures only). Default: off. The same as --policy-arg"
                    + " recheck-empty=true (or =false).")
    Boolean recheckEmpty;

    @Option(
            names = "--policy-arg",
            paramLabel = "KEY=VALUE",
            description = "An argument of a --policy, by the key it declares; repeatable. Each goes to the policies"
                    + " that declare it, which check it.")
    Map<String, String> policyArgs = new LinkedHashMap<>();

    @Option(
            names = "--horizon",
            paramLabel = "T",
            description =
                    "Simulated time, in the scenario's unit (default: the scenario's horizon; a trace's last arrival).")
    Double horizon;

    @Option(names = "--seed", paramLabel = "N", description = "Master seed (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(
            names = "--samples",
            paramLabel = "N",
            description = "Intervals between queue.csv samples over the horizon (default: ${DEFAULT-VALUE}).")
    int samples = 1000;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "DIR",
            description = "Directory for the outputs (created if missing).")
    Path out;

    @Override
    public Integer call() throws Exception {
        List<String> kinds = new ArrayList<>();
        for (String p : policies) {
            String name = p.trim().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue; // "a,,b" or a trailing comma: nothing between the commas
            }
            if (!registry().has(PolicyRegistry.TYPES, name)) {
                throw usage("--policy: "
                        + registry().unknown(PolicyRegistry.TYPES, p).getMessage());
            }
            if (kinds.contains(name)) { // each policy is one series of the charts and one row per summary
                throw usage("--policy: " + name + " is given twice");
            }
            kinds.add(name);
        }
        if (!traceFormat.equals("google") && !traceFormat.equals("swf")) {
            throw usage("--trace-format: '" + traceFormat + "' is not one of google, swf");
        }
        if (trace == null && !traceFormat.equals("google")) {
            throw usage("--trace-format applies to --trace");
        }
        if (kinds.isEmpty()) {
            throw usage("--policy: name at least one policy ("
                    + String.join(", ", registry().names(PolicyRegistry.TYPES)) + ")");
        }
        SolverChoice solverChoice = parse(
                () -> SolverChoice.valueOf(choice(solver)),
                "--solver",
                "'" + solver + "' is not one of exact, greedy, auto");
        Padding paddingChoice = parse(
                () -> Padding.valueOf(choice(padding)),
                "--padding",
                "'" + padding + "' is not one of largest-first, smallest-first, none");
        Map<String, Map<String, String>> arguments = arguments(kinds);
        if (horizon != null && !(horizon > 0 && horizon < 1e15)) {
            throw usage("--horizon must be positive, not " + horizon);
        }
        if (samples < 1 || samples > 10_000_000) {
            throw usage("--samples must be 1 to 10000000");
        }
        if (serverCounts != null && serverCounts.stream().anyMatch(n -> n == null || n < 1)) {
            throw usage("--servers must be at least 1");
        }
        if (serverCounts == null || serverCounts.size() == 1) {
            return simulate(
                    kinds,
                    arguments,
                    solverChoice,
                    paddingChoice,
                    serverCounts == null ? null : serverCounts.get(0),
                    out);
        }
        for (int n : serverCounts) {
            int code = simulate(kinds, arguments, solverChoice, paddingChoice, n, out.resolve("servers-" + n));
            if (code != ExitCodes.OK) {
                return code;
            }
        }
        return ExitCodes.OK;
    }

    /**
     * What each policy of {@code kinds} is handed: the arguments given that it declares, checked by
     * its declaration. An argument none of them declares is a usage error naming the option as given.
     */
    private Map<String, Map<String, String>> arguments(List<String> kinds) {
        PolicyArguments given = new PolicyArguments(spec.commandLine(), policyArgs)
                .option(TypeSchedulers.BETA.key(), beta)
                .option(TypeSchedulers.RECHECK_EMPTY.key(), recheckEmpty);
        String chosen = String.join(",", kinds);
        for (String key : given.keys()) {
            if (kinds.stream().noneMatch(k -> declares(k, key))) {
                List<String> takers = registry().names(PolicyRegistry.TYPES).stream()
                        .filter(k -> declares(k, key))
                        .toList();
                throw given.refused(ArgumentException.undeclared(chosen, key, takers), chosen);
            }
        }
        Map<String, Map<String, String>> arguments = new LinkedHashMap<>();
        for (String kind : kinds) {
            List<Argument<?>> declared = registry().arguments(PolicyRegistry.TYPES, kind);
            Map<String, String> mine = given.declaredIn(declared);
            try {
                Arguments.of(kind, declared, mine); // checked here, to name the option before any run starts
            } catch (ArgumentException e) {
                throw given.refused(e, chosen);
            }
            arguments.put(kind, mine);
        }
        return arguments;
    }

    private boolean declares(String policy, String key) {
        return registry().arguments(PolicyRegistry.TYPES, policy).stream()
                .anyMatch(a -> a.key().equals(key));
    }

    /** Runs every policy on one cluster and writes its outputs to {@code dir}. */
    private int simulate(
            List<String> kinds,
            Map<String, Map<String, String>> arguments,
            SolverChoice solverChoice,
            Padding paddingChoice,
            Integer servers,
            Path dir)
            throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        TypesScenario model;
        try {
            int n = servers == null ? 1000 : servers;
            model = trace == null
                    ? ScenarioFile.load(scenario, seed, servers == null ? OptionalInt.empty() : OptionalInt.of(servers))
                    : traceFormat.equals("swf")
                            ? SwfTrace.scenario(trace, 7, n, Double.NaN)
                            : TraceScenario.fromGoogleFile(trace, 7, n, Integer.MAX_VALUE, Double.NaN);
        } catch (InputException e) {
            err.println("overbookd: " + e.getMessage());
            err.flush();
            return ExitCodes.of(e);
        }
        if (servers != null && !(model.workload() instanceof ArrivalModel.Trace)) {
            throw usage("--servers applies to traces (--trace, or a google-trace or synthetic-trace scenario);" + " "
                    + model.name() + " lists its servers");
        }
        double until = horizon != null ? horizon : model.horizon();
        List<TypesResult> results = new ArrayList<>();
        for (String kind : kinds) {
            TypesRun run = new TypesRun(registry(), kind, solverChoice, paddingChoice, arguments.get(kind));
            try {
                results.add(run.run(model, seed, until, samples));
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
        }
        Files.createDirectories(dir);
        try (Writer w = Files.newBufferedWriter(dir.resolve("summary.csv"), StandardCharsets.UTF_8)) {
            TypesOutputs.writeSummary(w, model, paddingChoice.label(), seed, results);
        }
        try (Writer w = Files.newBufferedWriter(dir.resolve("queue.csv"), StandardCharsets.UTF_8)) {
            TypesOutputs.writeQueues(w, model, results);
        }
        QueueChart.write(dir.resolve("queue.png"), model, results);
        printTable(spec.commandLine().getOut(), model, until, results);
        spec.commandLine().getOut().println("wrote " + dir.resolve("summary.csv") + ", queue.csv, queue.png");
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }

    private static void printTable(PrintWriter out, TypesScenario model, double until, List<TypesResult> results) {
        out.printf(
                Locale.ROOT,
                "%s: %d server%s, %d VM types, horizon %s%n",
                model.name(),
                model.servers().size(),
                model.servers().size() == 1 ? "" : "s",
                model.types().size(),
                fmt(until));
        // the idle columns are named as in summary.csv
        out.printf(
                Locale.ROOT,
                "  %-11s %5s %7s %11s %10s %11s %11s %10s %11s %20s %18s%n",
                "policy",
                "beta",
                "solver",
                "mean queue",
                "max queue",
                "mean delay",
                "throughput",
                "arrivals",
                "idle_active",
                "idle_stalled_running",
                "idle_stalled_empty");
        for (TypesResult r : results) {
            out.printf(
                    Locale.ROOT,
                    "  %-11s %5s %7s %11.2f %10d %11.4f %11.4f %10d %10.2f%% %19.2f%% %17.2f%%%n",
                    r.policy(),
                    Double.isNaN(r.beta()) ? "-" : fmt(r.beta()),
                    r.solver().isEmpty() ? "-" : r.solver(),
                    r.meanQueue(),
                    r.maxQueue(),
                    r.meanDelay(),
                    r.throughput(),
                    r.arrivals(),
                    100 * r.idleActive(),
                    100 * r.idleStalledRunning(),
                    100 * r.idleStalledEmpty());
        }
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15
                ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String choice(String text) {
        return text.trim().toUpperCase(Locale.ROOT).replace('-', '_');
    }

    private interface Parser<T> {
        T get();
    }

    private <T> T parse(Parser<T> parser, String option) {
        try {
            return parser.get();
        } catch (IllegalArgumentException e) {
            throw usage(option + ": " + e.getMessage());
        }
    }

    private <T> T parse(Parser<T> parser, String option, String message) {
        try {
            return parser.get();
        } catch (IllegalArgumentException e) {
            throw usage(option + ": " + message);
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
