package org.overbookd.policy.qos;

import java.util.Arrays;

/**
 * What a preemption scan reads of every host before it looks into one, in flat arrays indexed by
 * host ordinal: used resources, and per class the count, the largest high and smallest low
 * intercept of Q, and the demand held. A request that no host can take is checked against every
 * host; with a field of an object per host that walk was a chase of pointers through the heap and
 * most of a month's run under contention, with flat arrays it is a sequential read.
 */
final class HostTable {

    /** Per class slot of a host: count, largest high intercept, smallest low intercept, cpu, memory held. */
    private static final int FIELDS = 5;
    private static final int COUNT = 0;
    private static final int HIGH = 1;
    private static final int LOW = 2;
    private static final int CPU = 3;
    private static final int MEM = 4;

    private int hosts;
    private int slots;
    private double[] cpuCapacity = new double[0];
    private double[] memCapacity = new double[0];
    private double[] usedCpu = new double[0];
    private double[] usedMem = new double[0];
    /**
     * Host-major: the slots of one host side by side ({@code [(ordinal * slots + s) * FIELDS + field]}),
     * so a scan reads each host's one or two cache lines in order, not a line from each of
     * FIELDS x slots arrays.
     */
    private double[] perClass = new double[0];

    void addHost(int ordinal, NodeView view) {
        if (ordinal >= hosts) {
            resize(Math.max(ordinal + 1, hosts * 2), slots);
        }
        cpuCapacity[ordinal] = view.cpu();
        memCapacity[ordinal] = view.mem();
        usedCpu[ordinal] = 0;
        usedMem[ordinal] = 0;
        for (int s = 0; s < slots; s++) {
            slot(ordinal, s, 0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, 0, 0);
        }
    }

    void used(int ordinal, double cpuUsed, double memUsed) {
        usedCpu[ordinal] = cpuUsed;
        usedMem[ordinal] = memUsed;
    }

    void slot(int ordinal, int s, int residents, double high, double low, double cpuHeld, double memHeld) {
        if (s >= slots) {
            resize(hosts, s + 1);
        }
        int i = (ordinal * slots + s) * FIELDS;
        perClass[i + COUNT] = residents;
        perClass[i + HIGH] = high;
        perClass[i + LOW] = low;
        perClass[i + CPU] = cpuHeld;
        perClass[i + MEM] = memHeld;
    }

    /**
     * A bound of the host's {@link NodeState#summary} at time t from the per-class intercepts,
     * without reading any resident: largest Q at or above, smallest margin at or below, lowest
     * priority exact. It covers every resident, so also the preemptible ones. {@code tolerance}
     * absorbs the rounding between b + r t and Q computed from e and p.
     */
    Residents bound(int ordinal, double t, ClassSlots classes, double tolerance) {
        double maxQos = Double.NEGATIVE_INFINITY;
        double minMargin = Double.POSITIVE_INFINITY;
        int minPriority = Integer.MAX_VALUE;
        for (int s = 0, i = ordinal * slots * FIELDS; s < slots; s++, i += FIELDS) {
            if (perClass[i + COUNT] == 0) {
                continue;
            }
            double rate = classes.rate(s);
            maxQos = Math.max(maxQos, perClass[i + HIGH] + rate * t);
            minMargin = Math.min(minMargin, perClass[i + LOW] + rate * t - classes.safetyMargin(s));
            minPriority = Math.min(minPriority, classes.priority(s));
        }
        if (Double.isNaN(maxQos) || Double.isNaN(minMargin)) {
            return new Residents(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, minPriority);
        }
        return new Residents(maxQos + tolerance, minMargin - tolerance, minPriority);
    }

    /**
     * The bound over the given hosts: what they could give up at best at time t. A sequential
     * read of the table, once per pass at most.
     */
    Residents bound(Iterable<NodeState> hosts, double t, ClassSlots classes, double tolerance) {
        double maxQos = Double.NEGATIVE_INFINITY;
        double minMargin = Double.POSITIVE_INFINITY;
        int minPriority = Integer.MAX_VALUE;
        for (NodeState n : hosts) {
            Residents r = bound(n.ordinal(), t, classes, tolerance);
            maxQos = Math.max(maxQos, r.maxQos());
            minMargin = Math.min(minMargin, r.minMargin());
            minPriority = Math.min(minPriority, r.minPriority());
        }
        return new Residents(maxQos, minMargin, minPriority);
    }

    /**
     * Whether j could fit on the host once every class that might hold an eligible resident gave
     * up all it holds. {@code above[s]} is the intercept a resident of class slot s must exceed to
     * be possibly eligible (see {@link Cluster#eligibleIntercepts}); a class counts when its
     * largest one does. Coarser than {@link NodeState#mayFitAfterPreempting}, and cheaper.
     */
    boolean mayFit(int ordinal, InstanceView j, double[] above) {
        double freedCpu = 0;
        double freedMem = 0;
        for (int s = 0, i = ordinal * slots * FIELDS; s < slots; s++, i += FIELDS) {
            double b = s < above.length ? above[s] : Double.NEGATIVE_INFINITY;
            if (perClass[i + COUNT] > 0 && (b == Double.NEGATIVE_INFINITY || perClass[i + HIGH] > b)) {
                freedCpu += perClass[i + CPU];
                freedMem += perClass[i + MEM];
            }
        }
        // Twice the usual epsilon: these sums add the same demands in another order than a victim search.
        return usedCpu[ordinal] - freedCpu + j.cpu() <= cpuCapacity[ordinal] + 2 * NodeState.EPSILON
                && usedMem[ordinal] - freedMem + j.mem() <= memCapacity[ordinal] + 2 * NodeState.EPSILON;
    }

    /** New arrays for this many hosts and class slots, the old entries copied, new slots empty. */
    private void resize(int newHosts, int newSlots) {
        cpuCapacity = Arrays.copyOf(cpuCapacity, newHosts);
        memCapacity = Arrays.copyOf(memCapacity, newHosts);
        usedCpu = Arrays.copyOf(usedCpu, newHosts);
        usedMem = Arrays.copyOf(usedMem, newHosts);
        double[] grown = new double[newHosts * newSlots * FIELDS];
        for (int h = 0; h < newHosts; h++) {
            for (int s = 0; s < newSlots; s++) {
                int to = (h * newSlots + s) * FIELDS;
                if (h < hosts && s < slots) {
                    System.arraycopy(perClass, (h * slots + s) * FIELDS, grown, to, FIELDS);
                } else {
                    grown[to + HIGH] = Double.NEGATIVE_INFINITY;
                    grown[to + LOW] = Double.POSITIVE_INFINITY;
                }
            }
        }
        perClass = grown;
        hosts = newHosts;
        slots = newSlots;
    }
}
