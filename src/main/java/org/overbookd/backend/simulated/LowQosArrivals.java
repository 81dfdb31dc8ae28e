package org.overbookd.backend.simulated;

import org.overbookd.model.VmState;

/**
 * The paper's low-QoS queue that never becomes empty: before each observation it is topped up so
 * that at least as many new low-QoS VMs wait as there are hosts (each host takes at most one per
 * step). Suspended VMs back in the queue do not count: they are not new.
 */
final class LowQosArrivals {

    private final World world;
    private final VmFactory vms;
    private final VirtualClock clock;
    /** New low-QoS VMs in the queue, never yet deployed. */
    private int newWaiting;

    LowQosArrivals(World world, VmFactory vms, VirtualClock clock) {
        this.world = world;
        this.vms = vms;
        this.clock = clock;
    }

    void topUp() {
        while (newWaiting < world.hostCount()) {
            LowQosVm vm = vms.low();
            vm.state = VmState.QUEUED;
            world.admit(vm, clock.now());
            newWaiting++;
        }
    }

    /** A new VM was deployed: one fewer waits. */
    void deployed() {
        newWaiting--;
    }
}
