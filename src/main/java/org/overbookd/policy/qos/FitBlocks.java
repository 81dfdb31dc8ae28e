package org.overbookd.policy.qos;

import java.util.Arrays;

/**
 * Upper bounds, over blocks of consecutive hosts (by ordinal), of what the preemption scan's first
 * check ({@link HostTable#mayFit}) could find on any host of the block: so a scan passes over a
 * whole block without reading its hosts when none of them could take the request. A scan of every
 * host runs when no host has room, and then nearly every host fails that check: a request that waits
 * outranks few residents, and few hosts free enough by them (docs/performance.md has the counts).
 *
 * <p>Per block: the largest free cpu and memory (capacity minus use) of its hosts, and per class
 * slot, over its hosts, the largest high intercept of its first, its first two and its first three
 * residents (each rank counted only with the ranks before it above a threshold, as the check counts
 * them), and the largest cpu and memory of the first resident, of the first two and of all. For a
 * request with thresholds {@code above}, a host frees in a class at most what its leading
 * residents above the threshold hold: the block's bound takes, per class, the largest of those
 * whose rank some host of the block reaches, and adds them to the largest free room. Maxima of
 * different hosts make the bound loose, never too small, so the scan meets the hosts it would have
 * let through in the same order and decides the same.
 *
 * <p>The bounds are kept loose between scans and made tight only where it matters: a changed host
 * raises its blocks' maxima with its new values (a host whose residents left keeps its old,
 * larger ones for now) and marks them stale; a scan rebuilds a stale block from its members only
 * when the loose bound lets the block through. Rebuilding every changed block before each scan
 * would read some hundred host records per scan for blocks most scans pass over anyway.
 */
final class FitBlocks {

    /** Per block: the largest free cpu and memory, and the largest |capacity| + |use| of each (the rounding's scale). */
    private static final int FREE_CPU = 0;

    private static final int FREE_MEM = 1;
    private static final int SCALE_CPU = 2;
    private static final int SCALE_MEM = 3;
    static final int HEADER = 4;
    /**
     * Per class slot: the largest high intercept of rank 0, of ranks 0-1 together (their smaller)
     * and of ranks 0-2; the largest cpu of the first resident, of the first two and of all; the same
     * for memory.
     */
    static final int HIGH = 0;

    static final int CPU_FIRST = 3;
    static final int CPU_ALL = 5;
    static final int MEM_FIRST = 6;
    static final int MEM_ALL = 8;
    static final int FIELDS = 9;
    /**
     * The check adds twice the usual epsilon; the bound adds more, and a relative part for the
     * rounding of capacity minus use and of sums in another order than the check's.
     */
    private static final double ABSOLUTE_SLACK = 4 * NodeState.EPSILON;

    private static final double RELATIVE_SLACK = 1e-9;

    private final int shift;
    private int stride = HEADER;
    private double[] values = new double[0];
    private boolean[] stale = new boolean[0];

    /** Blocks of 2^shift hosts. */
    FitBlocks(int shift) {
        this.shift = shift;
    }

    /** How many doubles a member's or a block's values take with this many class slots. */
    static int stride(int slots) {
        return HEADER + slots * FIELDS;
    }

    int block(int ordinal) {
        return ordinal >> shift;
    }

    /** The first ordinal after block b. */
    int end(int b) {
        return (b + 1) << shift;
    }

    int first(int b) {
        return b << shift;
    }

    /** Room for this many hosts and class slots; every block holds nothing and is stale. */
    void resize(int hosts, int slots) {
        int blocks = (hosts + (1 << shift) - 1) >> shift;
        stride = stride(slots);
        values = new double[blocks * stride];
        Arrays.fill(values, Double.NEGATIVE_INFINITY);
        stale = new boolean[blocks];
        Arrays.fill(stale, true);
    }

    /** Block b as if it held no host, to be rebuilt by {@link #include}s. */
    void reset(int b) {
        Arrays.fill(values, b * stride, (b + 1) * stride, Double.NEGATIVE_INFINITY);
        stale[b] = false;
    }

    /** Raises block b's maxima with a member's values (a host's, or a smaller block's), read at {@code from}. */
    void include(int b, double[] member, int from) {
        int i = b * stride;
        for (int k = 0; k < stride; k++) {
            if (member[from + k] > values[i + k]) {
                values[i + k] = member[from + k];
            }
        }
    }

    /** The values array and where block b's start: what a larger block includes. */
    double[] values() {
        return values;
    }

    int offset(int b) {
        return b * stride;
    }

    boolean stale(int b) {
        return stale[b];
    }

    /** Some member may now hold less than the block's maxima say. */
    void markStale(int b) {
        stale[b] = true;
    }

    /**
     * Whether some host of block b might pass the first check for a request of this demand and
     * these thresholds; false only when none can.
     */
    boolean mayFit(int b, double cpuDemand, double memDemand, double[] above) {
        int i = b * stride;
        double freedCpu = 0;
        double freedMem = 0;
        int slots = (stride - HEADER) / FIELDS;
        for (int s = 0, f = i + HEADER; s < slots; s++, f += FIELDS) {
            double b0 = s < above.length ? above[s] : Double.NEGATIVE_INFINITY;
            int ranks;
            if (b0 == Double.NEGATIVE_INFINITY) {
                ranks = HostTable.TOP; // every resident of the class counts
            } else {
                ranks = 0;
                while (ranks < HostTable.TOP && values[f + HIGH + ranks] > b0) {
                    ranks++;
                }
            }
            if (ranks == 0) {
                continue;
            }
            // a host reaching fewer ranks frees what its first ones hold: the largest of those too
            double cpu = 0;
            double mem = 0;
            for (int r = 0; r < ranks; r++) {
                int at = r == HostTable.TOP - 1 ? CPU_ALL : CPU_FIRST + r;
                cpu = Math.max(cpu, values[f + at]);
                mem = Math.max(mem, values[f + at - CPU_FIRST + MEM_FIRST]);
            }
            freedCpu += cpu;
            freedMem += mem;
        }
        double cpuRoom = values[i + FREE_CPU] + freedCpu;
        double memRoom = values[i + FREE_MEM] + freedMem;
        return cpuRoom + slack(values[i + SCALE_CPU] + freedCpu + cpuDemand) >= cpuDemand
                && memRoom + slack(values[i + SCALE_MEM] + freedMem + memDemand) >= memDemand;
    }

    private static double slack(double scale) {
        return ABSOLUTE_SLACK + RELATIVE_SLACK * Math.abs(scale);
    }
}
