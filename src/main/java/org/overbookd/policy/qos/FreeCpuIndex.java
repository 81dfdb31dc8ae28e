package org.overbookd.policy.qos;

import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Hosts ordered by free CPU, most first, then by ordinal, so a scan for a host with room looks only
 * at hosts that have enough CPU and starts with the emptiest (those LeastRequested favours anyway).
 * The cluster takes a host out before changing it and puts it back after.
 *
 * <p>The order is kept in arrays, one place per host, each holding the host, its ordinal and, side
 * by side, what a search for room reads (free and used CPU and memory, capacities), as they were
 * when the host was put back: the exact pass reads every host with room for every request that may
 * have one, and a sequential read of doubles is several times cheaper than a walk of a tree of
 * hosts through their objects. A host taken out leaves its place empty until it is put back, and
 * then moves from there to its new place: a change moves it a short way, where a removal and an
 * insertion would each shift half the arrays.
 */
final class FreeCpuIndex {

    /** Per place, in {@link #rows}: free CPU, used CPU, used memory, CPU and memory capacity. */
    private static final int FREE = 0;

    private static final int USED_CPU = 1;
    private static final int USED_MEM = 2;
    private static final int CPU = 3;
    private static final int MEM = 4;
    private static final int FIELDS = 5;

    private NodeState[] nodes = new NodeState[16];
    private int[] ordinals = new int[16];
    private double[] rows = new double[16 * FIELDS];
    private int size;
    /** The place of the host last taken out, until it is put back (-1 when none). */
    private int hole = -1;
    /** The smallest CPU capacity of a host held; NaN when a host left since it was known. */
    private double smallestCpu = Double.POSITIVE_INFINITY;

    static double free(NodeState n) {
        return n.view().cpu() - n.usedCpu();
    }

    void remove(NodeState n) {
        closeHole();
        int at = findAnywhere(n);
        if (at >= 0) {
            hole = at;
        }
    }

    void add(NodeState n) {
        if (hole >= 0 && nodes[hole] == n) {
            move(n);
            return;
        }
        closeHole();
        if (find(n) >= 0) {
            return;
        }
        if (size == nodes.length) {
            nodes = Arrays.copyOf(nodes, size * 2);
            ordinals = Arrays.copyOf(ordinals, size * 2);
            rows = Arrays.copyOf(rows, size * 2 * FIELDS);
        }
        int at = firstAfter(0, size, free(n), n.ordinal());
        shift(at, at + 1, size - at);
        size++;
        set(at, n);
        smallestCpu = Math.min(smallestCpu, n.view().cpu());
    }

    /** How many places there are (hosts held). */
    int size() {
        closeHole();
        return size;
    }

    /** The smallest CPU capacity of the hosts held (positive infinity for none). */
    double smallestCpuCapacity() {
        closeHole();
        if (Double.isNaN(smallestCpu)) {
            smallestCpu = Double.POSITIVE_INFINITY;
            for (int at = 0; at < size; at++) {
                smallestCpu = Math.min(smallestCpu, rows[at * FIELDS + CPU]);
            }
        }
        return smallestCpu;
    }

    /** The free CPU of the host at this place: no host after it has more. */
    double freeCpu(int at) {
        return rows[at * FIELDS + FREE];
    }

    /** Whether the host at this place has at least this much free CPU; false from the first that has not on. */
    boolean hasRoom(int at, double cpu) {
        return rows[at * FIELDS + FREE] + NodeState.EPSILON >= cpu;
    }

    NodeState node(int at) {
        return nodes[at];
    }

    double usedCpu(int at) {
        return rows[at * FIELDS + USED_CPU];
    }

    double usedMem(int at) {
        return rows[at * FIELDS + USED_MEM];
    }

    double cpu(int at) {
        return rows[at * FIELDS + CPU];
    }

    double mem(int at) {
        return rows[at * FIELDS + MEM];
    }

    /**
     * Hosts with at least this much free CPU, most free first (iterate and stop early). A plain
     * iterator, not a stream: a pass walks it for every pending request.
     */
    Iterable<NodeState> withFreeCpu(double cpu) {
        return () -> new Iterator<>() {
            private final int end = size();
            private int at;

            @Override
            public boolean hasNext() {
                return at < end && hasRoom(at, cpu);
            }

            @Override
            public NodeState next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return nodes[at++];
            }
        };
    }

    /** The host taken out is back, changed: from its old place to the one its free CPU now gives it. */
    private void move(NodeState n) {
        double free = free(n);
        int ordinal = n.ordinal();
        int from = hole;
        hole = -1;
        if (from > 0 && before(free, ordinal, from - 1)) {
            int to = firstAfter(0, from, free, ordinal);
            shift(to, to + 1, from - to);
            set(to, n);
        } else if (from + 1 < size && !before(free, ordinal, from + 1)) {
            int to = firstAfter(from + 1, size, free, ordinal) - 1;
            shift(from + 1, from, to - from);
            set(to, n);
        } else {
            set(from, n);
        }
    }

    /** A host taken out and not put back (gone from the cluster): its place closed. */
    private void closeHole() {
        if (hole >= 0) {
            shift(hole + 1, hole, size - hole - 1);
            size--;
            nodes[size] = null;
            hole = -1;
            smallestCpu = Double.NaN;
        }
    }

    /** The host's place, from its free CPU and ordinal as they are now; -1 when it is not there. */
    private int find(NodeState n) {
        int at = firstAfter(0, size, free(n), n.ordinal()) - 1;
        return at >= 0 && nodes[at] == n ? at : -1;
    }

    /** The host's place, also if its free CPU changed behind the index's back; -1 when it is not held. */
    private int findAnywhere(NodeState n) {
        int at = find(n);
        for (int i = 0; at < 0 && i < size; i++) {
            if (nodes[i] == n) {
                at = i;
            }
        }
        return at;
    }

    /** The first place in [from, to) that a host of this free CPU and ordinal comes before. */
    private int firstAfter(int from, int to, double free, int ordinal) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (before(free, ordinal, mid)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** Most free first, then by ordinal: whether a host of this free CPU and ordinal comes before the one at this place. */
    private boolean before(double free, int ordinal, int at) {
        int c = Double.compare(rows[at * FIELDS + FREE], free);
        return c != 0 ? c < 0 : ordinal < ordinals[at];
    }

    private void shift(int from, int to, int count) {
        if (count > 0) {
            System.arraycopy(nodes, from, nodes, to, count);
            System.arraycopy(ordinals, from, ordinals, to, count);
            System.arraycopy(rows, from * FIELDS, rows, to * FIELDS, count * FIELDS);
        }
    }

    private void set(int at, NodeState n) {
        nodes[at] = n;
        ordinals[at] = n.ordinal();
        int r = at * FIELDS;
        rows[r + FREE] = free(n);
        rows[r + USED_CPU] = n.usedCpu();
        rows[r + USED_MEM] = n.usedMem();
        rows[r + CPU] = n.view().cpu();
        rows[r + MEM] = n.view().mem();
    }
}
