package org.overbookd.policy.overbooking;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.overbookd.model.HostView;

/**
 * The order in which Algorithm 1 hands candidate hosts to queued VMs. The paper pops from an
 * unordered list; we default to the least utilized host first, which leaves the most headroom
 * before the upper bound and so delays the next suspension.
 */
public enum HostOrder {
    /** Lowest measured utilization first, ties by host id. */
    LEAST_UTILIZED(Comparator.comparingDouble(HostView::utilization).thenComparingInt(HostView::id)),
    /** Host id ascending: the plain list order of the paper's pseudo-code. */
    INDEX(Comparator.comparingInt(HostView::id));

    private final Comparator<HostView> comparator;

    HostOrder(Comparator<HostView> comparator) {
        this.comparator = comparator;
    }

    public Comparator<HostView> comparator() {
        return comparator;
    }

    /**
     * Sorts {@code hosts} into this order, as {@code hosts.sort(comparator())} would, to the same
     * list. Each host's keys are read once, and the sort is of plain longs: the first key's leading
     * 32 bits (for utilization, its bits turned so that signed order is {@link Double#compare}'s)
     * over the host's place in the list. That puts every host where its first 32 bits of key say,
     * ties in list order; only hosts whose leading bits tie are then put in order by the rest of
     * the key (the whole utilization, then the id), stably. A comparator sort of thousands of hosts
     * (a daemon's step) spends most of its time in mispredicted branches between two objects.
     */
    public void sort(List<HostView> hosts) {
        int n = hosts.size();
        if (n < 2) {
            return;
        }
        HostView[] in = hosts.toArray(new HostView[0]);
        long[] packed = new long[n];
        long[] utilization = this == LEAST_UTILIZED ? new long[n] : null;
        for (int i = 0; i < n; i++) {
            long leading;
            if (utilization != null) {
                utilization[i] = ordered(in[i].utilization());
                leading = utilization[i] >>> 32;
            } else {
                leading = in[i].id();
            }
            packed[i] = leading << 32 | i;
        }
        Arrays.sort(packed);
        if (utilization != null) {
            for (int start = 0, end; start < n; start = end) {
                end = start + 1;
                while (end < n && packed[end] >>> 32 == packed[start] >>> 32) {
                    end++;
                }
                if (end - start > 1) {
                    settle(packed, start, end, utilization, in);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            hosts.set(i, in[(int) packed[i]]);
        }
    }

    /**
     * A long whose signed order is {@link Double#compare}'s on the doubles: -0.0 before 0.0, every
     * NaN equal and after infinity (the canonical NaN's bits).
     */
    static long ordered(double value) {
        long bits = Double.doubleToLongBits(value);
        return bits ^ (bits >> 63) & Long.MAX_VALUE;
    }

    /** Orders packed[start, end), list order among them now, by whole utilization then id, stably. */
    private static void settle(long[] packed, int start, int end, long[] utilization, HostView[] in) {
        Keyed[] keyed = new Keyed[end - start];
        for (int i = start; i < end; i++) {
            int at = (int) packed[i];
            keyed[i - start] = new Keyed(utilization[at], in[at].id(), at);
        }
        Arrays.sort(keyed, Keyed.ORDER);
        for (int i = start; i < end; i++) {
            packed[i] = packed[i] & 0xFFFF_FFFF_0000_0000L | keyed[i - start].at();
        }
    }

    /** A host's place in the list with its whole keys; stable sorting keeps list order among equals. */
    private record Keyed(long utilization, int id, int at) {
        static final Comparator<Keyed> ORDER = (a, b) -> {
            int c = Long.compare(a.utilization, b.utilization);
            return c != 0 ? c : Integer.compare(a.id, b.id);
        };
    }
}
