package org.overbookd.experiment;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.policy.qos.ScanLimits;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.policy.qos.ServiceClasses;
import org.overbookd.sim.requests.ClassTotals;
import org.overbookd.sim.requests.Contention;
import org.overbookd.sim.requests.HostSpec;
import org.overbookd.sim.requests.IntervalSample;
import org.overbookd.sim.requests.PairedRuns;
import org.overbookd.sim.requests.RequestSpec;
import org.overbookd.sim.requests.RunResult;

/**
 * One workload sample on one infrastructure under both policies (the priority baseline, then the
 * QoS-driven scheduler, exact: no scan limit, and never {@code --failures-in-a-row}, which is not
 * neutral between them), kept as what the section 5 tables need rather than every outcome: per class
 * the totals of each run, the paired availabilities and penalties (priority as A, QoS as B, as the
 * paper reads Figure 6), and the 10-minute intervals classified by the priority run's contention
 * (section 5.3) with each run's per-class figures in them.
 */
final class PairedSample {

    static final String PRIORITY = "priority";
    static final String QOS = "qos";

    /** A class's figures in the intervals of one contention level, for one run. */
    static final class IntervalFigures {
        final List<Double> minAvailability = new ArrayList<>();
        final List<Double> fulfilment = new ArrayList<>();
        final List<Double> gini = new ArrayList<>();

        void add(IntervalSample.ClassSample c) {
            minAvailability.add(c.minAvailability());
            fulfilment.add(c.fulfilment());
            gini.add(c.gini());
        }

        void addAll(IntervalFigures other) {
            minAvailability.addAll(other.minAvailability);
            fulfilment.addAll(other.fulfilment);
            gini.addAll(other.gini);
        }
    }

    final Map<String, ClassTotals> priority = new LinkedHashMap<>();
    final Map<String, ClassTotals> qos = new LinkedHashMap<>();
    final Map<String, PairedRuns.ClassPairs> pairs = new LinkedHashMap<>();
    /** Intervals per contention level (none included), classified by the priority run. */
    final Map<Contention, Integer> intervals = new EnumMap<>(Contention.class);
    /** level -> class -> [priority, qos]. */
    final Map<Contention, Map<String, IntervalFigures[]>> byLevel = new EnumMap<>(Contention.class);

    private PairedSample() {}

    static PairedSample run(ServiceClasses classes, List<HostSpec> hosts, List<RequestSpec> requests, long seed) {
        RequestRun.Done prio = new RequestRun(PRIORITY, new ScanLimits(0, 0))
                .run(classes, hosts, requests, seed, Double.POSITIVE_INFINITY);
        RequestRun.Done q =
                new RequestRun(QOS, new ScanLimits(0, 0)).run(classes, hosts, requests, seed, Double.POSITIVE_INFINITY);
        PairedSample s = new PairedSample();
        for (ServiceClass c : classes.all()) {
            s.priority.put(c.name(), prio.classes().get(c));
            s.qos.put(c.name(), q.classes().get(c));
        }
        PairedRuns.pair(s.pairs, prio.result().outcomes(), q.result().outcomes());
        s.classify(prio.result(), q.result(), classes.leastImportance());
        return s;
    }

    private void classify(RunResult prio, RunResult q, int leastImportance) {
        List<IntervalSample> a = prio.intervals();
        List<IntervalSample> b = q.intervals();
        for (int i = 0; i < a.size(); i++) {
            Contention level = a.get(i).contention(leastImportance);
            intervals.merge(level, 1, Integer::sum);
            if (level == Contention.NONE) {
                continue;
            }
            Map<String, IntervalFigures[]> classes = byLevel.computeIfAbsent(level, k -> new LinkedHashMap<>());
            a.get(i).classes().forEach((c, sample) -> figures(classes, c.name())[0].add(sample));
            // the QoS-driven run's interval of the same 10 minutes (both start at 0, 600 s apart)
            if (i < b.size()) {
                b.get(i).classes().forEach((c, sample) -> figures(classes, c.name())[1].add(sample));
            }
        }
    }

    private static IntervalFigures[] figures(Map<String, IntervalFigures[]> classes, String name) {
        return classes.computeIfAbsent(name, k -> new IntervalFigures[] {new IntervalFigures(), new IntervalFigures()});
    }

    /** Whether a run met every request's SLO. */
    static boolean allMet(Map<String, ClassTotals> run) {
        return run.values().stream().allMatch(t -> t.violated() == 0);
    }

    /** The samples (numbered from 1, {@code digits} wide) on which a run met every SLO: "2 of 10 (03, 08)". */
    static String allMet(List<PairedSample> samples, boolean qos, int digits) {
        List<String> which = new ArrayList<>();
        for (int s = 0; s < samples.size(); s++) {
            if (allMet(qos ? samples.get(s).qos : samples.get(s).priority)) {
                which.add(String.format(java.util.Locale.ROOT, "%0" + digits + "d", s + 1));
            }
        }
        return which.size() + " of " + samples.size()
                + (which.isEmpty() || which.size() == samples.size() ? "" : " (" + String.join(", ", which) + ")");
    }

    /** A class's deficits of the violating requests of every sample, under one run, in sample order. */
    static List<Double> deficits(List<PairedSample> samples, String className, boolean qos) {
        List<Double> all = new ArrayList<>();
        for (PairedSample s : samples) {
            for (double d : (qos ? s.qos : s.priority).get(className).deficitValues()) {
                all.add(d);
            }
        }
        return all;
    }

    static double penalty(Map<String, ClassTotals> run) {
        return run.values().stream().mapToDouble(ClassTotals::penalty).sum();
    }
}
