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

    public static final Comparator<VmView> FIFO = Comparator
            .comparingInt((VmView vm) -> vm.state() == VmState.SUSPENDED ? 0 : 1)
            .thenComparing(VmView::firstArrival)
            .thenComparingLong(VmView::id);

    private QueueOrder() {
    }
}
