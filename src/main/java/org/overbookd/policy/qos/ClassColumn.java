package org.overbookd.policy.qos;

import java.util.Arrays;

/**
 * One class's residents on one host, largest high intercept first, with the demand of every
 * prefix. Within a class every resident's Q grows at the same rate r while it holds the host, so
 * their order by Q never changes and "the residents whose Q is above some value at time t" is
 * always a prefix: its CPU and memory are read with a binary search, without a view of any
 * resident. That is what lets a scan reject a host whose eligible residents could never free
 * enough, before it builds their views ({@link NodeState#mayFitAfterPreempting}).
 */
final class ClassColumn {

    private Resident[] byHigh = new Resident[4];
    /** byHigh[i].high, copied: a binary search then reads one array, not an object per probe. */
    private double[] highs = new double[4];
    /**
     * byHigh[i]'s low intercept and demand, copied too: the sums and the smallest low intercept,
     * recomputed on every change of the host, then read arrays instead of a resident and its view
     * per rank.
     */
    private double[] lows = new double[4];

    private double[] cpuOf = new double[4];
    private double[] memOf = new double[4];
    /** cpu[i], mem[i]: demand of the first i residents; recomputed on every change, so no drift. */
    private double[] cpu = new double[5];

    private double[] mem = new double[5];
    private int size;

    int size() {
        return size;
    }

    /** The largest high intercept; negative infinity when empty. */
    double maxHigh() {
        return size == 0 ? Double.NEGATIVE_INFINITY : highs[0];
    }

    /** The high intercept of the resident of this rank (0: the largest); negative infinity past the last. */
    double high(int rank) {
        return rank < size ? highs[rank] : Double.NEGATIVE_INFINITY;
    }

    /** CPU held by the first n residents (n at most the size). */
    double cpuOfFirst(int n) {
        return cpu[n];
    }

    /** Memory held by the first n residents (n at most the size). */
    double memOfFirst(int n) {
        return mem[n];
    }

    /** The smallest low intercept; positive infinity when empty. */
    double minLow() {
        double min = Double.POSITIVE_INFINITY;
        for (int i = 0; i < size; i++) {
            min = Math.min(min, lows[i]);
        }
        return min;
    }

    void add(Resident r) {
        if (size == byHigh.length) {
            byHigh = Arrays.copyOf(byHigh, size * 2);
            highs = Arrays.copyOf(highs, size * 2);
            lows = Arrays.copyOf(lows, size * 2);
            cpuOf = Arrays.copyOf(cpuOf, size * 2);
            memOf = Arrays.copyOf(memOf, size * 2);
            cpu = Arrays.copyOf(cpu, size * 2 + 1);
            mem = Arrays.copyOf(mem, size * 2 + 1);
        }
        int at = firstAtOrBelow(r.high);
        System.arraycopy(byHigh, at, byHigh, at + 1, size - at);
        System.arraycopy(highs, at, highs, at + 1, size - at);
        System.arraycopy(lows, at, lows, at + 1, size - at);
        System.arraycopy(cpuOf, at, cpuOf, at + 1, size - at);
        System.arraycopy(memOf, at, memOf, at + 1, size - at);
        byHigh[at] = r;
        highs[at] = r.high;
        lows[at] = r.low;
        cpuOf[at] = r.placed.cpu();
        memOf[at] = r.placed.mem();
        size++;
        sums(at);
    }

    void remove(Resident r) {
        for (int i = 0; i < size; i++) {
            if (byHigh[i] == r) {
                System.arraycopy(byHigh, i + 1, byHigh, i, size - i - 1);
                System.arraycopy(highs, i + 1, highs, i, size - i - 1);
                System.arraycopy(lows, i + 1, lows, i, size - i - 1);
                System.arraycopy(cpuOf, i + 1, cpuOf, i, size - i - 1);
                System.arraycopy(memOf, i + 1, memOf, i, size - i - 1);
                byHigh[--size] = null;
                sums(i);
                return;
            }
        }
    }

    /** CPU held by the residents whose high intercept is above b; all of it for negative infinity. */
    double cpuAbove(double b) {
        return cpu[b == Double.NEGATIVE_INFINITY ? size : firstAtOrBelow(b)];
    }

    /** Memory held by the residents whose high intercept is above b; all of it for negative infinity. */
    double memAbove(double b) {
        return mem[b == Double.NEGATIVE_INFINITY ? size : firstAtOrBelow(b)];
    }

    /** Number of residents whose high intercept is above b (the array is sorted descending). */
    private int firstAtOrBelow(double b) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (highs[mid] > b) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private void sums(int from) {
        for (int i = from; i < size; i++) {
            cpu[i + 1] = cpu[i] + cpuOf[i];
            mem[i + 1] = mem[i] + memOf[i];
        }
    }
}
