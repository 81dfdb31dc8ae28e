package org.overbookd.policy.qos;

import java.util.Arrays;

/**
 * Upper bounds of the QoS-driven cost's P_h+ sum (eq. 9) over blocks of consecutive hosts, at one
 * instant, for any request: what lets the exact scan ({@link ExactQosScan}) pass over a whole block
 * without reading its hosts when no host there could be as good as the best one so far.
 *
 * <p>Per block, over its hosts holding residents: the largest sums of their 1, 2 and 3 largest
 * bounds of Q - phi (each counted at least 0), the largest third bound, and what tells how many
 * victims a request may need on some host of the block. A request needs at most
 * 1 + (what is missing) / (the smallest resident) victims on a host (every victim but the last was
 * needed, each at least the smallest resident). Per number of victims k the block keeps the
 * smallest demand of cpu, and of memory, at which one of its hosts may need more than k: so the
 * most victims a request may need on the block is counted host by host, not from the largest
 * shortfall and the smallest resident of two different hosts (a host that just took a large
 * request beside one with a small resident made the block's bound that of three victims when each
 * host needed one). Beyond {@link HostTable#TOP} victims the looser count is used.
 */
final class MarginBlocks {

    private static final int TOP = HostTable.TOP;

    private final int shift;
    private double[] top = new double[0];
    private double[] third = new double[0];
    private double[] excessCpu = new double[0];
    private double[] excessMem = new double[0];
    private double[] smallestCpu = new double[0];
    private double[] smallestMem = new double[0];
    /**
     * Per block and per number of victims k = 1, 2, one entry per host in the order the hosts were
     * included, at {@code list(b, k) + i}: in {@code needsCpu} and {@code needsMem} the demand of cpu,
     * and of memory, from which the host may need more than k victims ({@link #need}); in {@code
     * reach} the host's sum of its k + 1 largest bounds of Q - phi. A request may reach, on the hosts
     * that may need more than k victims for its cpu or its memory, the largest of their sums ({@link
     * #reached}). The lists are not sorted: the blocks are rebuilt at every new instant of a pass and
     * a list holds at most the block's hosts, so sorting them (to stop a query's walk early) cost more
     * than the walks it shortened (silva-section5's exact passes spent a tenth of their CPU in the
     * sort); unsorted, one list serves both resources.
     */
    private double[] needsCpu = new double[0];

    private double[] needsMem = new double[0];
    private double[] reach = new double[0];
    private int[] held = new int[0];
    /** Per block and resource: the smallest demand from which a host may need more than TOP victims. */
    private double[] beyond = new double[0];

    private static final int LEVELS = TOP - 1;

    /** Blocks of 2^shift hosts. */
    MarginBlocks(int shift) {
        this.shift = shift;
    }

    /** The block of the host of this ordinal. */
    int block(int ordinal) {
        return ordinal >> shift;
    }

    /** The smallest ordinal of a host of block b. */
    int firstOrdinal(int b) {
        return b << shift;
    }

    /** Room for this many hosts; every block then holds nothing until {@link #reset} and {@link #include}. */
    void resize(int hosts) {
        int blocks = (hosts + (1 << shift) - 1) >> shift;
        top = new double[blocks * TOP];
        third = new double[blocks];
        excessCpu = new double[blocks];
        excessMem = new double[blocks];
        smallestCpu = new double[blocks];
        smallestMem = new double[blocks];
        needsCpu = new double[blocks * LEVELS << shift];
        needsMem = new double[blocks * LEVELS << shift];
        reach = new double[blocks * LEVELS << shift];
        held = new int[blocks];
        beyond = new double[blocks * 2];
        for (int b = 0; b < blocks; b++) {
            reset(b);
        }
    }

    /** The block as if it held nothing. */
    void reset(int b) {
        Arrays.fill(top, b * TOP, b * TOP + TOP, 0);
        third[b] = 0;
        excessCpu[b] = Double.NEGATIVE_INFINITY;
        excessMem[b] = Double.NEGATIVE_INFINITY;
        smallestCpu[b] = Double.POSITIVE_INFINITY;
        smallestMem[b] = Double.POSITIVE_INFINITY;
        held[b] = 0;
        beyond[b * 2] = Double.POSITIVE_INFINITY;
        beyond[b * 2 + 1] = Double.POSITIVE_INFINITY;
    }

    /**
     * Counts a host holding residents in its block: the sums of its 1, 2 and 3 largest bounds of
     * Q - phi, its third largest, its used minus capacity and its smallest resident, cpu and memory.
     */
    void include(
            int ordinal,
            double[] sums,
            double hostThird,
            double overCpu,
            double leastCpu,
            double overMem,
            double leastMem) {
        int b = ordinal >> shift;
        for (int k = 0; k < TOP; k++) {
            top[b * TOP + k] = Math.max(top[b * TOP + k], sums[k]);
        }
        int i = held[b]++;
        for (int k = 1; k <= LEVELS; k++) {
            int at = list(b, k) + i;
            needsCpu[at] = need(k, overCpu, leastCpu);
            needsMem[at] = need(k, overMem, leastMem);
            reach[at] = sums[k];
        }
        beyond[b * 2] = Math.min(beyond[b * 2], need(TOP, overCpu, leastCpu));
        beyond[b * 2 + 1] = Math.min(beyond[b * 2 + 1], need(TOP, overMem, leastMem));
        third[b] = Math.max(third[b], hostThird);
        double overPerCpu = overCpu / leastCpu;
        double overPerMem = overMem / leastMem;
        excessCpu[b] = Math.max(excessCpu[b], Double.isNaN(overPerCpu) ? Double.POSITIVE_INFINITY : overPerCpu);
        excessMem[b] = Math.max(excessMem[b], Double.isNaN(overPerMem) ? Double.POSITIVE_INFINITY : overPerMem);
        smallestCpu[b] = Math.min(smallestCpu[b], leastCpu);
        smallestMem[b] = Math.min(smallestMem[b], leastMem);
    }

    private int list(int b, int k) {
        return (b * LEVELS + k - 1) << shift;
    }

    /**
     * A demand below which the host needs at most k victims by {@link HostTable#hostPositiveMarginBound}'s
     * count: (over + demand) / least is then below k - 1e-6, far enough below k that the count's
     * own slack (1e-9) cannot reach k; the last term covers the rounding of this difference.
     * Negative infinity (any demand) when the numbers cannot tell.
     */
    private static double need(int k, double over, double least) {
        double need = (k - 1e-6) * least - over - 1e-9 * (Math.abs(over) + k * least);
        return least > 0 && Double.isFinite(need) ? need : Double.NEGATIVE_INFINITY;
    }

    /**
     * An upper bound of P_h+'s sum for a request of this demand on any host of the block: the
     * largest sum of as many bounds of Q - phi as victims it may need on one of them; 0 for a block
     * holding nothing, positive infinity when the numbers cannot tell.
     */
    double bound(int b, double cpuDemand, double memDemand) {
        if (smallestCpu[b] == Double.POSITIVE_INFINITY) {
            return 0; // no host of the block holds anything
        }
        if (Double.isNaN(cpuDemand) || Double.isNaN(memDemand)) {
            return Double.POSITIVE_INFINITY;
        }
        double bound = top[b * TOP]; // one victim: any host
        for (int k = 1; k <= LEVELS; k++) {
            bound = Math.max(bound, reached(list(b, k), held[b], cpuDemand, memDemand));
        }
        if (cpuDemand < beyond[b * 2] && memDemand < beyond[b * 2 + 1]) {
            return bound;
        }
        double missing = Math.max(excessCpu[b] + cpuDemand / smallestCpu[b], excessMem[b] + memDemand / smallestMem[b]);
        if (!(missing < 1 << 20)) {
            return Double.POSITIVE_INFINITY;
        }
        double victims = 1 + Math.floor(Math.max(0, missing) * (1 + 1e-9) + 1e-9);
        return Math.max(
                bound,
                victims <= TOP
                        ? top[b * TOP + (int) victims - 1]
                        : top[b * TOP + TOP - 1] + (victims - TOP) * third[b]);
    }

    /**
     * The largest sum over the hosts of the list (of n) that may need more victims at this demand of
     * cpu or of memory; 0 for none.
     */
    private double reached(int from, int n, double cpuDemand, double memDemand) {
        double most = 0; // each sum is at least 0: its terms are
        for (int i = from; i < from + n; i++) {
            if (needsCpu[i] <= cpuDemand || needsMem[i] <= memDemand) {
                most = Math.max(most, reach[i]);
            }
        }
        return most;
    }
}
