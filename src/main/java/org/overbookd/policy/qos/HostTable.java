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

    private int hosts;
    private double[] cpuCapacity = new double[0];
    private double[] memCapacity = new double[0];
    private double[] usedCpu = new double[0];
    private double[] usedMem = new double[0];
    /** [class slot][host ordinal] */
    private int[][] count = new int[0][];
    private double[][] maxHigh = new double[0][];
    private double[][] minLow = new double[0][];
    private double[][] cpu = new double[0][];
    private double[][] mem = new double[0][];

    void addHost(int ordinal, NodeView view) {
        if (ordinal >= hosts) {
            int n = Math.max(ordinal + 1, hosts * 2);
            cpuCapacity = Arrays.copyOf(cpuCapacity, n);
            memCapacity = Arrays.copyOf(memCapacity, n);
            usedCpu = Arrays.copyOf(usedCpu, n);
            usedMem = Arrays.copyOf(usedMem, n);
            for (int s = 0; s < count.length; s++) {
                growSlot(s, n);
            }
            hosts = n;
        }
        cpuCapacity[ordinal] = view.cpu();
        memCapacity[ordinal] = view.mem();
        usedCpu[ordinal] = 0;
        usedMem[ordinal] = 0;
        for (int s = 0; s < count.length; s++) {
            slot(ordinal, s, 0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, 0, 0);
        }
    }

    void used(int ordinal, double cpuUsed, double memUsed) {
        usedCpu[ordinal] = cpuUsed;
        usedMem[ordinal] = memUsed;
    }

    void slot(int ordinal, int s, int residents, double high, double low, double cpuHeld, double memHeld) {
        if (s >= count.length) {
            int old = count.length;
            count = Arrays.copyOf(count, s + 1);
            maxHigh = Arrays.copyOf(maxHigh, s + 1);
            minLow = Arrays.copyOf(minLow, s + 1);
            cpu = Arrays.copyOf(cpu, s + 1);
            mem = Arrays.copyOf(mem, s + 1);
            for (int k = old; k <= s; k++) {
                count[k] = new int[0];
                maxHigh[k] = new double[0];
                minLow[k] = new double[0];
                cpu[k] = new double[0];
                mem[k] = new double[0];
                growSlot(k, hosts);
            }
        }
        count[s][ordinal] = residents;
        maxHigh[s][ordinal] = high;
        minLow[s][ordinal] = low;
        cpu[s][ordinal] = cpuHeld;
        mem[s][ordinal] = memHeld;
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
        for (int s = 0; s < count.length; s++) {
            if (count[s][ordinal] == 0) {
                continue;
            }
            double rate = classes.rate(s);
            maxQos = Math.max(maxQos, maxHigh[s][ordinal] + rate * t);
            minMargin = Math.min(minMargin, minLow[s][ordinal] + rate * t - classes.safetyMargin(s));
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
        for (int s = 0; s < count.length; s++) {
            double b = s < above.length ? above[s] : Double.NEGATIVE_INFINITY;
            if (count[s][ordinal] > 0 && (b == Double.NEGATIVE_INFINITY || maxHigh[s][ordinal] > b)) {
                freedCpu += cpu[s][ordinal];
                freedMem += mem[s][ordinal];
            }
        }
        // Twice the usual epsilon: these sums add the same demands in another order than a victim search.
        return usedCpu[ordinal] - freedCpu + j.cpu() <= cpuCapacity[ordinal] + 2 * NodeState.EPSILON
                && usedMem[ordinal] - freedMem + j.mem() <= memCapacity[ordinal] + 2 * NodeState.EPSILON;
    }

    private void growSlot(int s, int n) {
        int old = count[s].length;
        count[s] = Arrays.copyOf(count[s], n);
        maxHigh[s] = Arrays.copyOf(maxHigh[s], n);
        minLow[s] = Arrays.copyOf(minLow[s], n);
        cpu[s] = Arrays.copyOf(cpu[s], n);
        mem[s] = Arrays.copyOf(mem[s], n);
        Arrays.fill(maxHigh[s], old, n, Double.NEGATIVE_INFINITY);
        Arrays.fill(minLow[s], old, n, Double.POSITIVE_INFINITY);
    }
}
