package org.overbookd.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.overbookd.io.InputException;
import org.overbookd.io.Provenance;
import org.overbookd.policy.qos.RequestScheduler;
import org.overbookd.policy.qos.RequestSettings;
import org.overbookd.policy.qos.ScanLimits;
import org.overbookd.policy.qos.ServiceClasses;
import org.overbookd.policy.registry.PolicyRegistry;
import org.overbookd.sim.requests.GoogleCellWorkload;
import org.overbookd.sim.requests.GoogleTrace;
import org.overbookd.sim.requests.HostEvent;
import org.overbookd.sim.requests.HostSpec;
import org.overbookd.sim.requests.Inputs;
import org.overbookd.sim.requests.OutcomeHandOff;
import org.overbookd.sim.requests.OverheadAccounting;
import org.overbookd.sim.requests.Overheads;
import org.overbookd.sim.requests.RequestSimulation;
import org.overbookd.sim.requests.RequestSpec;
import org.overbookd.sim.requests.ResultFiles;
import org.overbookd.sim.requests.RunResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

@Command(
        name = "simulate-requests",
        hidden = true,
        description = {
            "Trace-driven simulation of the QoS-driven scheduler of Silva et al. or its priority-based baseline.",
            "Writes requests.csv, classes.csv, intervals.csv and penalties.csv into --out."
        },
        footer = {
            "",
            "Examples:",
            "  overbookd simulate --model requests --policy qos \\",
            "      --workload sim/qos-validation/test1-workload.csv \\",
            "      --hosts sim/qos-validation/hosts.csv --until 3600 --out results/qos",
            "  overbookd simulate --model requests --policy qos \\",
            "      --workload generated:google-month --hosts-to-score 10 \\",
            "      --failures-in-a-row 20 --out results/qos-month"
        })
final class RequestsSimulateCommand extends ChoosesPolicies implements Callable<Integer> {

    /**
     * The request models' policy names from the registry the command line was built with, in any
     * case, as picocli's enum names were: an unknown one gets picocli's wording for an enum.
     */
    static final class PolicyNames extends ChoosesPolicies implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            String name = value.toLowerCase(Locale.ROOT);
            if (!registry().has(PolicyRegistry.REQUESTS, name)) {
                throw new TypeConversionException("expected one of "
                        + registry().names(PolicyRegistry.REQUESTS) + " (case-insensitive) but was '" + value + "'");
            }
            return name;
        }
    }

    /** Seconds, as a plain number or with an "s" suffix ("30" or "30s"), as the paper writes them. */
    static final class Seconds implements ITypeConverter<Double> {
        private static final java.util.regex.Pattern DECIMAL =
                java.util.regex.Pattern.compile("([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?s?");

        @Override
        public Double convert(String value) {
            if (DECIMAL.matcher(value).matches()) {
                double seconds =
                        Double.parseDouble(value.endsWith("s") ? value.substring(0, value.length() - 1) : value);
                if (Double.isFinite(seconds) && seconds > 0) {
                    return seconds;
                }
            }
            throw new TypeConversionException("expected seconds > 0 (30 or 30s) but was '" + value + "'");
        }
    }

    /** The names of {@link OverheadAccounting}, in any case. */
    static final class AccountingNames implements ITypeConverter<OverheadAccounting> {
        @Override
        public OverheadAccounting convert(String value) {
            OverheadAccounting a = OverheadAccounting.byKey(value);
            if (a == null) {
                throw new TypeConversionException(
                        "expected one of paper-text, published-simulator but was '" + value + "'");
            }
            return a;
        }
    }

    @Spec
    CommandSpec spec;

    @Option(
            names = "--policy",
            required = true,
            paramLabel = "qos|priority",
            description = "qos: QoS-driven (section 3); priority: Kubernetes-style baseline (section 4.1.2).",
            converter = PolicyNames.class)
    String policy;

    static final String GENERATED = "generated:" + GoogleCellWorkload.NAME;

    @Option(
            names = "--workload",
            paramLabel = "FILE",
            description = {
                "CSV: id,submit_s,duration_s,cpu,mem,class[,constraints].",
                "Or " + GENERATED + ": a month of Google-cell-shaped load (12,500 machines, about 25 million"
                        + " requests, seeded by --seed; --until shortens it), streamed; --hosts then defaults to the"
                        + " cell's machines, and requests.csv lists requests as they end."
            })
    String workload;

    @Option(names = "--hosts", paramLabel = "FILE", description = "CSV: id,cpu,mem[,attributes].")
    Path hosts;

    @Option(
            names = "--google-task-events",
            paramLabel = "FILE",
            split = ",",
            description = "Google cluster-data 2011 task_events files (.csv or .csv.gz), instead of --workload.")
    List<Path> googleTasks;

    @Option(
            names = "--google-machine-events",
            paramLabel = "FILE",
            split = ",",
            description = "Google cluster-data 2011 machine_events files, instead of --hosts and --host-events.")
    List<Path> googleMachines;

    @Option(
            names = "--cell-size",
            paramLabel = "F",
            description = {
                "With " + GENERATED + " and no --hosts: the fraction of the cell's CPU kept, machines"
                        + " removed at random until it is reached, as the paper makes its 0.9N and 0.8N infrastructures"
                        + " (section 4.3). Default 1: the whole cell, whose CPU is about 1.3 times the month's peak demand."
            })
    Double cellSize;

    @Option(names = "--host-events", paramLabel = "FILE", description = "CSV: time_s,host,event (add|remove).")
    Path hostEvents;

    @Option(
            names = "--overheads-hot",
            paramLabel = "FILE",
            description = "Allocation overheads in seconds, one a line, when the instance ran on the host before.")
    Path overheadsHot;

    @Option(
            names = "--overheads-cold",
            paramLabel = "FILE",
            description = "Allocation overheads in seconds, one a line, otherwise.")
    Path overheadsCold;

    @Option(
            names = "--classes",
            paramLabel = "FILE",
            description = "CSV of the columns name, slo, importance, priority, and optionally safety_margin_s and"
                    + " overhead_limit."
                    + " Default: the paper's gold 1.0, silver 0.9, bronze 0.5.")
    Path classesFile;

    @Option(
            names = "--until",
            paramLabel = "SECONDS",
            description = "End of the run; requests still in the system are measured then. Default: when all are done.")
    Double until;

    @Option(
            names = "--watchdog",
            paramLabel = "SECONDS",
            defaultValue = "10",
            converter = Seconds.class,
            description = {
                "Longest time between two scheduling passes, in seconds (at least 1), 30 or 30s (default ${DEFAULT-VALUE}:"
                        + " the paper's section 4.1.3). The authors' published simulator passes every 30 s."
            })
    double watchdog;

    @Option(
            names = "--overhead-accounting",
            paramLabel = "paper-text|published-simulator",
            defaultValue = "paper-text",
            converter = AccountingNames.class,
            description = {
                "How allocation overheads count in the availability reported (eq. 1). paper-text (default):"
                        + " every allocation's overhead is time with resources allocated, so available. published-simulator:"
                        + " as the authors' simulator reports it, the first allocation's overhead is available and every"
                        + " re-allocation's (after a preemption or a host failure) is not. Scheduling decisions are the"
                        + " same under both. With --watchdog 30s it reproduces the authors' validation test 1."
            })
    OverheadAccounting overheadAccounting;

    @Option(
            names = "--hosts-to-score",
            paramLabel = "N",
            defaultValue = "0",
            description = "Speed-up: stop looking after N feasible hosts (0, the default: look at all).")
    int hostsToScore;

    @Option(
            names = "--failures-in-a-row",
            paramLabel = "N",
            defaultValue = "0",
            description = "Speed-up: end a pass after N requests in a row could not be placed (0, the default: never).")
    int failuresInARow;

    @Option(
            names = "--seed",
            paramLabel = "N",
            defaultValue = "1",
            description = "Master seed (default ${DEFAULT-VALUE}).")
    long seed;

    private static final long PROGRESS_NANOS = 30_000_000_000L;

    /** Why a comparison of the policies under --failures-in-a-row is unfair (sim/README-qos.md measures it). */
    static final String FAILURES_IN_A_ROW_WARNING = "overbookd: warning: --failures-in-a-row is not neutral between"
            + " the policies: it gives up on the requests at the tail of the queue, bronze under priority, so it lowers"
            + " the priority baseline's bronze availability and not the QoS-driven scheduler's; a comparison of the"
            + " two with it overstates the QoS-driven scheduler's advantage (on the 0.8 cell it multiplied priority's"
            + " penalty 5.8 times)";

    @Option(
            names = "--out",
            required = true,
            paramLabel = "DIR",
            description = "Output directory (created if missing).")
    Path out;

    @Override
    public Integer call() {
        // each names its option; a watchdog under a second would pass more often than any event comes
        if (!(watchdog >= 1) || Double.isInfinite(watchdog)) {
            return usage("--watchdog must be at least 1 s, not " + watchdog);
        }
        if (until != null && !(until >= 0 && Double.isFinite(until))) {
            return usage("--until must be a number of seconds >= 0, not " + until);
        }
        if (hostsToScore < 0) {
            return usage("--hosts-to-score must be >= 0, not " + hostsToScore);
        }
        if (failuresInARow < 0) {
            return usage("--failures-in-a-row must be >= 0, not " + failuresInARow);
        }
        if (failuresInARow > 0) {
            spec.commandLine().getErr().println(FAILURES_IN_A_ROW_WARNING);
        }
        boolean generated = GENERATED.equals(workload);
        if ((workload == null) == (googleTasks == null)
                || (generated ? googleMachines != null : (hosts == null) == (googleMachines == null))
                || (googleMachines != null && hostEvents != null)) {
            return usage("give --workload or --google-task-events, and --hosts [--host-events]"
                    + " or --google-machine-events");
        }
        if (cellSize != null && (!generated || hosts != null || !(cellSize > 0 && cellSize <= 1))) {
            return usage("--cell-size takes a fraction in (0, 1], with --workload " + GENERATED + " and no --hosts");
        }
        ServiceClasses classes = ServiceClasses.defaults();
        RunResult result;
        try {
            if (classesFile != null) {
                classes = Inputs.classes(classesFile);
            }
            List<HostSpec> hostList;
            List<HostEvent> events;
            if (generated && hosts == null) {
                hostList = GoogleCellWorkload.machines(seed, cellSize == null ? 1 : cellSize);
                events = List.of();
            } else if (googleMachines != null) {
                GoogleTrace.Machines machines = GoogleTrace.machines(googleMachines);
                hostList = machines.hosts();
                events = machines.events();
            } else {
                hostList = Inputs.hosts(hosts);
                events = hostEvents == null ? List.of() : Inputs.hostEvents(hostEvents, hostList);
            }
            ScanLimits limits = new ScanLimits(hostsToScore, failuresInARow);
            RequestScheduler scheduler =
                    registry().create(PolicyRegistry.REQUESTS, policy, new RequestSettings(classes, limits));
            double end = until == null ? Double.POSITIVE_INFINITY : until;
            if (generated) {
                return streamGenerated(scheduler, classes, hostList, events, end);
            }
            List<RequestSpec> requests = workload != null
                    ? Inputs.workload(Path.of(workload), classes, hostList)
                    : googleWorkload(classes, hostList);
            double lastSubmit =
                    requests.stream().mapToDouble(RequestSpec::submitS).max().orElse(0);
            result = new RequestSimulation(scheduler, hostList, requests, events, overheads(), seed, end, watchdog)
                    .withProgress(progress(Math.min(end, lastSubmit)))
                    .withAccounting(overheadAccounting)
                    .run();
        } catch (InputException e) {
            spec.commandLine().getErr().println("overbookd: " + e.getMessage());
            return ExitCodes.of(e);
        }
        try {
            ResultFiles.write(result, classes, provenance(), out);
        } catch (IOException e) {
            spec.commandLine().getErr().println("overbookd: " + Main.writeFailure(out, e));
            return ExitCodes.CANT_CREATE;
        }
        spec.commandLine()
                .getOut()
                .printf(
                        "%d requests simulated to %.0f s; results in %s%n",
                        result.outcomes().size(), result.endS(), out);
        return ExitCodes.OK;
    }

    /**
     * The generated month: requests streamed from the generator, outcomes streamed to the files
     * as requests end (25 million of them would not fit in memory as objects).
     */
    private int streamGenerated(
            RequestScheduler scheduler,
            ServiceClasses classes,
            List<HostSpec> hostList,
            List<HostEvent> events,
            double end)
            throws InputException {
        GoogleCellWorkload requests = new GoogleCellWorkload(classes, seed, end);
        RequestSimulation sim = new RequestSimulation(
                        scheduler, hostList, requests, events, overheads(), seed, end, watchdog)
                .withProgress(progress(Math.min(end, GoogleCellWorkload.MONTH_S)))
                .withAccounting(overheadAccounting);
        try (ResultFiles files = ResultFiles.open(out, classes, provenance())) {
            RunResult result;
            try (OutcomeHandOff handOff = OutcomeHandOff.to(files)) {
                result = sim.run(handOff);
            }
            files.finish(result);
            spec.commandLine()
                    .getOut()
                    .printf(
                            "%d requests simulated to %.0f s (%d passes, %d skipped); results in %s%n",
                            files.count(), result.endS(), result.passes(), result.passesSkipped(), out);
            return ExitCodes.OK;
        } catch (IOException | java.io.UncheckedIOException e) {
            IOException io = e instanceof java.io.UncheckedIOException u ? u.getCause() : (IOException) e;
            spec.commandLine().getErr().println("overbookd: " + Main.writeFailure(out, io));
            return ExitCodes.CANT_CREATE;
        }
    }

    /** A trace is not hand-made: what cannot be simulated is dropped and counted, not an error. */
    private List<RequestSpec> googleWorkload(ServiceClasses classes, List<HostSpec> hostList) throws InputException {
        GoogleTrace.Converted w = GoogleTrace.tasks(googleTasks, classes);
        List<RequestSpec> fitting = w.requests().stream()
                .filter(r -> hostList.stream().anyMatch(h -> r.cpu() <= h.cpu() && r.mem() <= h.mem()))
                .toList();
        spec.commandLine()
                .getErr()
                .printf(
                        "overbookd: %d tasks from the trace; dropped %d never scheduled,"
                                + " %d without CPU or memory request, %d larger than every machine%n",
                        fitting.size(),
                        w.neverScheduled(),
                        w.missingDemand(),
                        w.requests().size() - fitting.size());
        return fitting;
    }

    /**
     * A line on standard error every 30 seconds of wall time, so a long run shows it is moving and
     * how fast; a run shorter than that prints none. The horizon is the last arrival (or --until):
     * what is still running then may take longer.
     */
    private RequestSimulation.Progress progress(double horizonS) {
        PrintWriter err = spec.commandLine().getErr();
        long started = System.nanoTime();
        long[] next = {started + PROGRESS_NANOS};
        return (now, completed, pending, held) -> {
            long wall = System.nanoTime();
            if (wall < next[0]) {
                return;
            }
            next[0] = wall + PROGRESS_NANOS;
            err.printf(
                    Locale.ROOT,
                    "overbookd: simulated %.2f of %.2f days (%.0f%%), %,d requests completed,"
                            + " %,d pending, %,d running, %.0f s%n",
                    now / 86_400,
                    horizonS / 86_400,
                    horizonS > 0 ? Math.min(100, 100 * now / horizonS) : 100.0,
                    completed,
                    pending,
                    held,
                    (wall - started) / 1e9);
            err.flush();
        };
    }

    /** What the requests are: the generated month, a CSV of ours (its demands as stated) or Google's requests. */
    private Provenance provenance() {
        if (GENERATED.equals(workload)) {
            return Provenance.generated(GoogleCellWorkload.NAME, Provenance.Kind.SYNTHETIC);
        }
        return workload != null
                ? Provenance.trace(Path.of(workload), Provenance.Demand.STATED)
                : Provenance.trace(googleTasks, Provenance.Demand.REQUESTED);
    }

    private int usage(String message) {
        spec.commandLine().getErr().println("overbookd: " + message);
        return ExitCodes.USAGE;
    }

    private Overheads overheads() throws InputException {
        double[] constant = {Overheads.DEFAULT_S};
        double[] hot = overheadsHot == null ? null : Overheads.read(overheadsHot);
        double[] cold = overheadsCold == null ? null : Overheads.read(overheadsCold);
        // One file alone serves both kinds of allocation.
        return new Overheads(
                hot != null ? hot : cold != null ? cold : constant, cold != null ? cold : hot != null ? hot : constant);
    }
}
