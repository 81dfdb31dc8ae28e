package org.overbookd.policy.qos;

import java.util.Comparator;
import java.util.TreeSet;

/**
 * Hosts ordered by free CPU, most first, so a scan for a host with room looks only at hosts that
 * have enough CPU and starts with the emptiest (those LeastRequested favours anyway). The cluster
 * takes a host out before changing it and puts it back after.
 */
final class FreeCpuIndex {

    /** Most free first, then by ordinal; written out, as every placement and removal moves a host. */
    private static final Comparator<NodeState> ORDER = (a, b) -> {
        int c = Double.compare(free(b), free(a));
        return c != 0 ? c : Integer.compare(a.ordinal(), b.ordinal());
    };

    private final TreeSet<NodeState> byFree = new TreeSet<>(ORDER);

    static double free(NodeState n) {
        return n.view().cpu() - n.usedCpu();
    }

    void remove(NodeState n) {
        byFree.remove(n);
    }

    void add(NodeState n) {
        byFree.add(n);
    }

    /** Hosts with at least this much free CPU, most free first (iterate and stop early). */
    Iterable<NodeState> withFreeCpu(double cpu) {
        return () -> byFree.stream().takeWhile(n -> free(n) + NodeState.EPSILON >= cpu).iterator();
    }
}
