package org.overbookd.policy.qos;

import java.util.Comparator;
import java.util.Iterator;
import java.util.NoSuchElementException;
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

    /**
     * Hosts with at least this much free CPU, most free first (iterate and stop early). A plain
     * iterator, not a stream: an exact pass walks it for every pending request.
     */
    Iterable<NodeState> withFreeCpu(double cpu) {
        return () -> new Iterator<>() {
            private final Iterator<NodeState> all = byFree.iterator();
            private NodeState next = advance();

            private NodeState advance() {
                if (!all.hasNext()) {
                    return null;
                }
                NodeState n = all.next();
                return free(n) + NodeState.EPSILON >= cpu ? n : null;
            }

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public NodeState next() {
                if (next == null) {
                    throw new NoSuchElementException();
                }
                NodeState n = next;
                next = advance();
                return n;
            }
        };
    }
}
