package org.overbookd.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.overbookd.audit.AuditLog;
import org.overbookd.audit.JsonLinesAuditLog;
import org.overbookd.backend.simulated.WorldSpec;
import org.overbookd.config.Bindings;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;
import org.overbookd.io.CsvTable;
import org.overbookd.policy.ArgumentException;
import org.overbookd.policy.cluster.NamedClusterPolicy;
import org.overbookd.policy.registry.PolicyRegistry;
import org.overbookd.sim.overbooking.SimConfig;
import org.overbookd.sim.overbooking.SimResult;
import org.overbookd.sim.overbooking.Simulation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "simulate",
        description = {
            "Run the overbooking policy on the simulated cluster and print its metrics.",
            "Without a config file this is the scenario of Verboven et al. section 4.1: 50 octacore hosts,"
                    + " one high-QoS VM per core, an endless low-QoS queue, one week at 5-minute steps."
        },
        footer = {
            "",
            "Examples:",
            "  overbookd simulate",
            "  overbookd simulate --set overbooking.slots=0     # the baseline",
            "  overbookd simulate --policy overbooking --set overbooking.slots=3",
            "  overbookd simulate --set overbooking.lower-bound=75 \\",
            "                     --set overbooking.slots=3 --out results/"
        })
final class SimulateCommand extends ChoosesPolicies implements Callable<Integer> {

    /** The simulation models; every one but the default is its own command, {@code simulate-<model>}. */
    static final List<String> MODELS = List.of("overbooking", "requests", "slots", "types");

    static final String DEFAULT_MODEL = "overbooking";

    @Spec
    CommandSpec spec;

    @Mixin
    ConfigOptions configOptions;

    @Option(
            names = "--model",
            paramLabel = "MODEL",
            description =
                    "Which model to simulate: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}). Other models take"
                            + " their own options: overbookd simulate --model MODEL --help.",
            completionCandidates = Models.class)
    String model = DEFAULT_MODEL;

    static final class Models implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return MODELS.iterator();
        }
    }

    @Option(
            names = "--policy",
            paramLabel = "NAME",
            description = "The overbooking model's policy, by its registered name (same as --set"
                    + " overbooking.policy=NAME; default: that key, overbooking).")
    String policy;

    @Option(
            names = "--policy-arg",
            paramLabel = "KEY=VALUE",
            description = "An argument of the --policy, by the key it declares; repeatable. The policy checks its"
                    + " own. overbooking declares none: its parameters are the overbooking.* keys (--set).")
    Map<String, String> policyArgs = new LinkedHashMap<>();

    @Option(names = "--seed", paramLabel = "N", description = "Master seed (same as --set sim.seed=N).")
    Long seed;

    @Option(names = "--out", paramLabel = "DIR", description = "Write summary.csv into DIR (created if missing).")
    Path out;

    @Option(
            names = "--threads",
            paramLabel = "N",
            description = "Threads drawing VM loads on large clusters (default: the number of cores, ${DEFAULT-VALUE})."
                    + " Results do not depend on it.")
    int threads = Runtime.getRuntime().availableProcessors();

    @Override
    public Integer call() throws Exception {
        Map<String, String> extra = new LinkedHashMap<>();
        if (seed != null) {
            extra.put(Options.SIM_SEED.key(), Long.toString(seed));
        }
        if (!model.equals(DEFAULT_MODEL)) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(),
                    "--model: unknown model '" + model + "'; known models: " + String.join(", ", MODELS));
        }
        if (threads < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--threads must be at least 1");
        }
        if (policy != null) {
            if (!registry().has(PolicyRegistry.OVERBOOKING, policy)) {
                throw new picocli.CommandLine.ParameterException(
                        spec.commandLine(),
                        "--policy: "
                                + registry()
                                        .unknown(PolicyRegistry.OVERBOOKING, policy)
                                        .getMessage());
            }
            extra.put(Options.POLICY.key(), policy);
        }
        Settings settings = configOptions.load(List.of(), extra, registry()).settings();
        PolicyArguments given = new PolicyArguments(spec.commandLine(), policyArgs);
        NamedClusterPolicy chosen;
        try {
            chosen = Bindings.overbookingPolicy(settings, registry(), given.all());
        } catch (ArgumentException e) {
            throw given.refused(e, settings.get(Options.POLICY));
        }
        if (out != null) {
            Files.createDirectories(out);
        }
        PrintWriter err = spec.commandLine().getErr();
        SimConfig config = SimBindings.loadSimConfig(settings);
        if (config.world().recorded() != null) {
            // what became of the record's gaps and of hosts that came and went: the figures depend on it
            for (String note : RecordNotes.replayNotes(config.world().recorded().facts())) {
                err.println("overbookd: note: " + note);
            }
            err.flush();
        }
        long started = System.nanoTime();
        Simulation.Progress progress = (long) config.hostCount() * config.durationSeconds() > 200L * 30 * 86_400
                ? (done, total) -> {
                    err.printf(
                            Locale.ROOT,
                            "simulated %.1f of %.1f days (%.0f%%) in %.0f s%n",
                            done / 86_400.0,
                            total / 86_400.0,
                            100.0 * done / total,
                            (System.nanoTime() - started) / 1e9);
                    err.flush();
                }
                : Simulation.Progress.NONE;
        SimResult result;
        try (AuditLog audit = openAudit(settings)) {
            result = new Simulation(config, chosen, audit, progress, threads).run();
        }
        printTable(spec.commandLine().getOut(), settings, config.world(), result);
        if (out != null) {
            Path file = out.resolve("summary.csv");
            try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                CsvTable.write(
                        w,
                        SimBindings.summaryHeader(List.of()),
                        List.of(SimBindings.summaryRow(settings, List.of(), result)));
            }
            spec.commandLine().getOut().println("wrote " + file);
        }
        return ExitCodes.OK;
    }

    static AuditLog openAudit(Settings settings) throws IOException {
        String file = settings.get(Options.AUDIT_FILE);
        if (file.isEmpty()) {
            return AuditLog.NONE;
        }
        Path path = Path.of(file);
        if (path.getParent() != null) {
            Files.createDirectories(path.getParent());
        }
        return new JsonLinesAuditLog(Files.newBufferedWriter(path, StandardCharsets.UTF_8));
    }

    /** The world as it was simulated: a replayed record's own hosts, not the synthetic defaults. */
    static String describe(Settings s, WorldSpec world) {
        if (world.recorded() == null) {
            return String.format(Locale.ROOT, "%d hosts x %d cores", world.nodes(), world.coresPerNode());
        }
        return String.format(
                Locale.ROOT,
                "%d recorded hosts, %d cores in all (%s)",
                world.hostCount(),
                world.totalCores(),
                s.get(Options.SIM_TRACE_FILE));
    }

    static void printTable(PrintWriter out, Settings s, WorldSpec world, SimResult r) {
        out.printf(
                Locale.ROOT,
                "%s, %s, seed %d; bounds %s-%s, %d slot%s%n",
                describe(s, world),
                s.formatted(Options.SIM_DURATION),
                s.get(Options.SIM_SEED),
                s.formatted(Options.UPPER_BOUND),
                s.formatted(Options.LOWER_BOUND),
                s.get(Options.SLOTS),
                s.get(Options.SLOTS) == 1 ? "" : "s");
        row(out, "utilization", String.format(Locale.ROOT, "%.2f %%", r.utilization()));
        row(out, "overbooked hours", String.format(Locale.ROOT, "%.2f", r.overbookedHours()));
        row(out, "suspends", Long.toString(r.suspends()));
        row(out, "degradation > 100%", Long.toString(r.degradation100()));
        row(out, "degradation > 95%", Long.toString(r.degradation95()));
        row(out, "resumes", Long.toString(r.resumes()));
        row(out, "deploys", Long.toString(r.deploys()));
        row(out, "low-QoS completed", Long.toString(r.lowCompleted()));
        row(out, "low-QoS mean wait", String.format(Locale.ROOT, "%.2f h", r.lowMeanWaitHours()));
        row(
                out,
                "low-QoS availability",
                String.format(
                        Locale.ROOT,
                        "mean %.1f%%, min %.1f%%",
                        100 * r.lowMeanAvailability(),
                        100 * r.lowMinAvailability()));
        row(out, "high-QoS hours", String.format(Locale.ROOT, "%.2f", r.highHours()));
        if (r.refused() > 0) {
            row(out, "refused decisions", Long.toString(r.refused()));
        }
        out.flush();
    }

    private static void row(PrintWriter out, String name, String value) {
        out.printf(Locale.ROOT, "  %-20s %12s%n", name, value);
    }
}
