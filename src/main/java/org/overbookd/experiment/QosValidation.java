package org.overbookd.experiment;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.overbookd.io.InputException;
import org.overbookd.policy.qos.ScanLimits;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.policy.qos.ServiceClasses;
import org.overbookd.sim.requests.ClassTotals;
import org.overbookd.sim.requests.HostSpec;
import org.overbookd.sim.requests.Inputs;
import org.overbookd.sim.requests.RequestOutcome;
import org.overbookd.sim.requests.RequestSpec;

/**
 * Silva et al.'s validation tests (section 4.4.2) on {@code sim/qos-validation}: 20 hosts of 10
 * slots, test 1 (80 gold, 80 silver, 96 bronze) and test 2 (221 silver), one hour, both policies
 * exact, seed 1, 1 s overheads. What each class's requests came to beside what the paper reports.
 * It reads the scenario's files from the source tree.
 */
public final class QosValidation implements Experiment {

    static final Path DIR = Path.of("sim", "qos-validation");
    static final double HOUR_S = 3600;

    private record Case(int test, String policy, String label, String paper) {

        Path workload() {
            return DIR.resolve("test" + test + "-workload.csv");
        }
    }

    private static final List<Case> CASES = List.of(
            new Case(1, "priority", "priority", "gold and silver 100%; 40 bronze near 100%, 56 near 0%"),
            new Case(1, "qos", "QoS-driven", "every request close to its SLO"),
            new Case(2, "priority", "priority", "first 200 at 100%, last 21 at 0%"),
            new Case(2, "qos", "QoS-driven", "all close to 90%"));

    @Override
    public String name() {
        return "qos-validation";
    }

    @Override
    public String summary() {
        return "Silva et al.'s validation tests 1 and 2 (section 4.4.2) on sim/qos-validation: both policies, one hour,"
                + " seed 1 (reads the source tree's sim/qos-validation/)";
    }

    @Override
    public void run(Run run, PrintWriter out, PrintWriter err)
            throws ExperimentException, InterruptedException, InputException {
        if (run.part() != null) {
            throw new ExperimentException("qos-validation has one table: no --part");
        }
        ServiceClasses classes = ServiceClasses.defaults();
        List<HostSpec> hosts = Inputs.hosts(DIR.resolve("hosts.csv"));
        List<Callable<RequestRun.Done>> jobs = new ArrayList<>();
        for (Case c : CASES) {
            List<RequestSpec> requests = Inputs.workload(c.workload(), classes, hosts);
            jobs.add(() -> {
                RequestRun.Done done =
                        new RequestRun(c.policy(), new ScanLimits(0, 0)).run(classes, hosts, requests, 1, HOUR_S);
                synchronized (err) {
                    err.println("qos-validation: test " + c.test() + ", " + c.label() + " done");
                    err.flush();
                }
                return done;
            });
        }
        List<RequestRun.Done> results = Parallel.run(run.threads(), jobs);
        out.print(
                "Workload: sim/qos-validation's test1-workload.csv and test2-workload.csv (trace, demand stated) on its"
                        + " hosts.csv; seed 1, 1 s overheads, one hour (--until 3600). Ours: each class's availabilities,"
                        + " the requests at 100% counted apart.\n\n");
        Markdown table = new Markdown("test", "policy", "paper", "this simulator", "preemptions");
        for (int i = 0; i < CASES.size(); i++) {
            Case c = CASES.get(i);
            RequestRun.Done d = results.get(i);
            List<String> parts = new ArrayList<>();
            for (ServiceClass cls : classes.all()) {
                List<Double> a = d.result().outcomes().stream()
                        .filter(o -> o.spec().serviceClass().equals(cls))
                        .map(RequestOutcome::availability)
                        .toList();
                if (!a.isEmpty()) {
                    parts.add(cls.name() + " " + spread(a));
                }
            }
            long preemptions = d.classes().values().stream()
                    .mapToLong(ClassTotals::preemptions)
                    .sum();
            table.row(
                    Integer.toString(c.test()),
                    c.label(),
                    c.paper(),
                    String.join("; ", parts),
                    Markdown.number(preemptions, 0));
        }
        table.print(out);
    }

    /** "100%", "90.97-91.23%", "21 at 0.00%" or "40 at 100%, 56 at 0.00-6.87%". */
    private static String spread(List<Double> availabilities) {
        List<Double> whole = availabilities.stream().filter(a -> a == 1.0).toList();
        List<Double> rest = availabilities.stream().filter(a -> a != 1.0).toList();
        if (rest.isEmpty()) {
            return "100%";
        }
        double min = rest.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = rest.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        String low = Markdown.plain(100 * min, 2);
        String high = Markdown.plain(100 * max, 2);
        String range = (low.equals(high) ? low : low + "-" + high) + "%";
        return whole.isEmpty() ? range : whole.size() + " at 100%, " + rest.size() + " at " + range;
    }
}
