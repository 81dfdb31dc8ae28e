package org.overbookd.sim.requests;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.stats.Sample;

/**
 * The requests active in a 10-minute interval (section 5.3), admitted before it ends and not
 * terminated before it starts, each with its availability at its termination or the interval's
 * end, summarised per class when the interval closes: a month holds thousands of intervals of
 * a hundred thousand requests each, too many to keep.
 *
 * @param waited  whether any of them ever waited in the queue
 * @param classes per class that had an active request, in order of first appearance
 */
public record IntervalSample(double startS, double endS, boolean waited, Map<ServiceClass, ClassSample> classes) {

    public IntervalSample {
        classes = Collections.unmodifiableMap(new LinkedHashMap<>(classes));
    }

    /** One class in one interval: how many were active, how many below their SLO, Gini and minimum of A. */
    public record ClassSample(int active, int violated, double gini, double minAvailability) {

        public double fulfilment() {
            return active == 0 ? 0 : (double) (active - violated) / active;
        }
    }

    public static IntervalSample of(double startS, double endS, List<RequestOutcome> active) {
        Map<ServiceClass, List<RequestOutcome>> byClass = new LinkedHashMap<>();
        boolean waited = false;
        for (RequestOutcome o : active) {
            byClass.computeIfAbsent(o.spec().serviceClass(), c -> new ArrayList<>())
                    .add(o);
            waited |= o.pendingS() > 0;
        }
        Map<ServiceClass, ClassSample> classes = new LinkedHashMap<>();
        for (Map.Entry<ServiceClass, List<RequestOutcome>> e : byClass.entrySet()) {
            double[] a = e.getValue().stream()
                    .mapToDouble(RequestOutcome::availability)
                    .toArray();
            int violated = (int) e.getValue().stream().filter(o -> !o.met()).count();
            Sample sample = Sample.of(a);
            classes.put(e.getKey(), new ClassSample(a.length, violated, sample.gini(0), sample.min(0)));
        }
        return new IntervalSample(startS, endS, waited, classes);
    }

    public int active() {
        return classes.values().stream().mapToInt(ClassSample::active).sum();
    }

    public int active(String className) {
        return classes.entrySet().stream()
                .filter(e -> e.getKey().name().equals(className))
                .mapToInt(e -> e.getValue().active())
                .sum();
    }

    public Contention contention(int leastImportance) {
        return Contention.of(this, leastImportance);
    }
}
