package org.overbookd.experiment;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.overbookd.io.InputException;
import org.overbookd.io.Provenance;
import org.overbookd.policy.qos.ScanLimits;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.policy.qos.ServiceClasses;
import org.overbookd.sim.requests.ClassTotals;
import org.overbookd.sim.requests.HostSpec;
import org.overbookd.sim.requests.Inputs;
import org.overbookd.sim.requests.RequestSpec;

/**
 * What the scan limits of section 3.5.1 cost in QoS (Silva et al.), on {@code sim/qos-heterogeneous}:
 * 200 hosts of five shapes, 6,000 requests over 45 minutes (written by its generate.py), each policy
 * exact, with N = 5 hosts scored, and with N = 5 and K = 20 failures in a row; seed 1, 1 s overheads.
 * It reads the scenario's files from the source tree.
 */
public final class QosHeterogeneous implements Experiment {

    /** Where the scenario's files are, from the source tree's root. */
    static final Path DIR = Path.of("sim", "qos-heterogeneous");

    private record Variant(String policy, String label, ScanLimits limits) {}

    private static final List<Variant> VARIANTS = List.of(
            new Variant("qos", "QoS-driven, exact", new ScanLimits(0, 0)),
            new Variant("qos", "QoS-driven, N = 5", new ScanLimits(5, 0)),
            new Variant("qos", "QoS-driven, N = 5, K = 20", new ScanLimits(5, 20)),
            new Variant("priority", "priority, exact", new ScanLimits(0, 0)),
            new Variant("priority", "priority, N = 5", new ScanLimits(5, 0)),
            new Variant("priority", "priority, N = 5, K = 20", new ScanLimits(5, 20)));

    @Override
    public String name() {
        return "qos-heterogeneous";
    }

    @Override
    public String summary() {
        return "Silva et al.'s scan limits (section 3.5.1) on sim/qos-heterogeneous: both policies exact, N = 5,"
                + " N = 5 and K = 20 (reads the source tree's sim/qos-heterogeneous/)";
    }

    @Override
    public void run(Run run, PrintWriter out, PrintWriter err)
            throws ExperimentException, InterruptedException, InputException {
        if (run.part() != null) {
            throw new ExperimentException("qos-heterogeneous has one table: no --part");
        }
        ServiceClasses classes = ServiceClasses.defaults();
        Path workload = DIR.resolve("workload.csv");
        List<HostSpec> hosts = Inputs.hosts(DIR.resolve("hosts.csv"));
        List<RequestSpec> requests = Inputs.workload(workload, classes, hosts);
        err.printf(
                Locale.ROOT,
                "qos-heterogeneous: %d runs of %d requests on %d hosts, %d thread%s%n",
                VARIANTS.size(),
                requests.size(),
                hosts.size(),
                run.threads(),
                run.threads() == 1 ? "" : "s");
        err.flush();
        List<Callable<RequestRun.Done>> tasks = new ArrayList<>();
        for (Variant v : VARIANTS) {
            tasks.add(() -> {
                RequestRun.Done done = new RequestRun(v.policy(), v.limits())
                        .run(classes, hosts, requests, 1, Double.POSITIVE_INFINITY);
                synchronized (err) {
                    err.println("qos-heterogeneous: " + v.label() + " done");
                    err.flush();
                }
                return done;
            });
        }
        List<RequestRun.Done> results = Parallel.run(run.threads(), tasks);
        out.print("Workload: "
                + Provenance.trace(workload, Provenance.Demand.STATED).describe()
                + ", written by sim/qos-heterogeneous/generate.py; seed 1, 1 s overheads, every request to its end."
                + " Availability in %: mean / minimum / share of requests that met the SLO.\n\n");
        Markdown table = new Markdown(
                "run", "gold", "silver: mean / min / fulfilment", "bronze: mean / min / fulfilment", "preemptions");
        ServiceClass gold = classes.find("gold").orElseThrow();
        ServiceClass silver = classes.find("silver").orElseThrow();
        ServiceClass bronze = classes.find("bronze").orElseThrow();
        for (int i = 0; i < VARIANTS.size(); i++) {
            RequestRun.Done d = results.get(i);
            long preemptions = d.classes().values().stream()
                    .mapToLong(ClassTotals::preemptions)
                    .sum();
            table.row(
                    VARIANTS.get(i).label(),
                    percent(d.classes().get(gold).fulfilment()),
                    triple(d.classes().get(silver)),
                    triple(d.classes().get(bronze)),
                    Markdown.number(preemptions, 0));
        }
        table.print(out);
    }

    private static String triple(ClassTotals t) {
        return Markdown.plain(100 * t.meanAvailability(), 2) + " / " + Markdown.plain(100 * t.minAvailability(), 2)
                + " / " + percent(t.fulfilment());
    }

    private static String percent(double share) {
        return Markdown.plain(100 * share, 1) + "%";
    }
}
