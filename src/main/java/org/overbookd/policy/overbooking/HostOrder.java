package org.overbookd.policy.overbooking;

import java.util.Comparator;
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
}
