package org.overbookd.sim.requests;

import java.util.Arrays;
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
        IntervalTally tally = new IntervalTally();
        for (RequestOutcome o : active) {
            tally.add(o.spec().serviceClass(), o.availability(), o.pendingS() > 0);
        }
        return tally.take(startS, endS).sample();
    }

    /**
     * The requests of one interval counted as they are read, into a primitive column per class, and
     * summarised as {@link #of} does, to the bit: the same availabilities in the same order, so the
     * same compensated sums and the same sorted sample. A month's run reads some hundred thousand
     * active requests at each of its 4,320 interval ends; building an outcome object for each, a
     * list of them and a list per class, then streaming over the lists, was a fifth of the run's
     * CPU (the first week, JFR), most of it allocation and the lists' growth. One tally is kept for
     * the run and reset at each interval: its columns keep their size.
     */
    static final class IntervalTally {

        private ServiceClass[] classes = new ServiceClass[4];
        private double[][] availability = new double[4][];
        private int[] counts = new int[4];
        private int[] violated = new int[4];
        private int size;
        private boolean waited;
        /** The class of the last request added, and its index: requests come in runs of one class. */
        private ServiceClass last;

        private int lastIndex;

        /** Adds one request: its class, its availability A and whether it ever waited in the queue. */
        void add(ServiceClass c, double a, boolean hasWaited) {
            int k = c == last ? lastIndex : indexOf(c);
            int n = counts[k];
            double[] column = availability[k];
            if (n == column.length) {
                column = availability[k] = Arrays.copyOf(column, 2 * n);
            }
            column[n] = a;
            counts[k] = n + 1;
            if (!(a >= c.slo())) { // as RequestOutcome.met(), negated
                violated[k]++;
            }
            waited |= hasWaited;
        }

        /** The class's index, in order of first appearance (equal classes are one, as in a map). */
        private int indexOf(ServiceClass c) {
            int k = 0;
            while (k < size && !classes[k].equals(c)) {
                k++;
            }
            if (k == size) {
                if (size == classes.length) {
                    classes = Arrays.copyOf(classes, 2 * size);
                    availability = Arrays.copyOf(availability, 2 * size);
                    counts = Arrays.copyOf(counts, 2 * size);
                    violated = Arrays.copyOf(violated, 2 * size);
                }
                classes[k] = c;
                if (availability[k] == null) {
                    availability[k] = new double[1024];
                }
                size++;
            }
            last = c;
            lastIndex = k;
            return k;
        }

        /**
         * What was added since the last sample, copied, to be summarised by {@link Taken#sample()}
         * (on another thread if need be); starts the next.
         */
        Taken take(double startS, double endS) {
            ServiceClass[] takenClasses = Arrays.copyOf(classes, size);
            double[][] columns = new double[size][];
            for (int k = 0; k < size; k++) {
                columns[k] = Arrays.copyOf(availability[k], counts[k]);
            }
            Taken taken = new Taken(startS, endS, waited, takenClasses, columns, Arrays.copyOf(violated, size));
            Arrays.fill(classes, 0, size, null);
            Arrays.fill(counts, 0, size, 0);
            Arrays.fill(violated, 0, size, 0);
            size = 0;
            waited = false;
            last = null;
            return taken;
        }
    }

    /** One interval's requests as a tally held them, per class in order of first appearance. */
    record Taken(
            double startS,
            double endS,
            boolean waited,
            ServiceClass[] classes,
            double[][] availability,
            int[] violated) {

        /** The interval's sample: per class its count, violations, and the Gini and minimum of A. */
        IntervalSample sample() {
            Map<ServiceClass, ClassSample> byClass = new LinkedHashMap<>();
            for (int k = 0; k < classes.length; k++) {
                Sample s = Sample.of(availability[k]);
                byClass.put(classes[k], new ClassSample(availability[k].length, violated[k], s.gini(0), s.min(0)));
            }
            return new IntervalSample(startS, endS, waited, byClass);
        }
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
