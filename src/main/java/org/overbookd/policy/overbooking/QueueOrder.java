package org.overbookd.policy.overbooking;

import java.util.Comparator;
import org.overbookd.model.VmState;
import org.overbookd.model.VmView;

/**
 * The order of the low-QoS queue in Algorithm 1 (Verboven et al. section 3, "Update(vm_requests)"):
 * VMs that were taken off a host come first, oldest first arrival first, so that preserved work is
 * resumed before new work starts; new VMs follow in arrival order. Ties by VM id keep it total.
 */
public final class QueueOrder {

    public static final Comparator<VmView> FIFO = QueueOrder::compareFifo;

    // Written out rather than chained from Comparator.comparing: this runs once per queued VM per
    // step, where the chain of lambdas was a large share of a Google-cell run (docs/performance.md).
    private static int compareFifo(VmView a, VmView b) {
        boolean sa = a.state() == VmState.SUSPENDED;
        boolean sb = b.state() == VmState.SUSPENDED;
        if (sa != sb) {
            return sa ? -1 : 1;
        }
        int c = a.firstArrival().compareTo(b.firstArrival());
        return c != 0 ? c : Long.compare(a.id(), b.id());
    }

    private QueueOrder() {}
}
