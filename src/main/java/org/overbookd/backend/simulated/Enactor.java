package org.overbookd.backend.simulated;

import java.util.ArrayList;
import java.util.List;
import org.overbookd.backend.Outcome;
import org.overbookd.model.QosClass;
import org.overbookd.model.VmState;
import org.overbookd.policy.cluster.Decision;

/**
 * Enacts decisions as a real VIM would: it refuses to act on high-QoS VMs, on VMs in the wrong
 * state, and on hosts with an operation already in flight, and starts the operation of every
 * decision it accepts. It keeps, in the world, when each VM was suspended and each host acted on
 * lately (the latter logged first, {@link HostActionLog}): the history the live guards read from the view.
 */
final class Enactor {

    /** The window of the guards' question of a VM: its suspensions in a day (a host's: {@link HostActionLog}). */
    private static final long DAY = 86_400;

    private final World world;
    private final Lifecycle lifecycle;
    private final LowQosArrivals arrivals;
    private final Tally tally;
    private final VirtualClock clock;

    Enactor(World world, Lifecycle lifecycle, LowQosArrivals arrivals, Tally tally, VirtualClock clock) {
        this.world = world;
        this.lifecycle = lifecycle;
        this.arrivals = arrivals;
        this.tally = tally;
        this.clock = clock;
    }

    /** One outcome per decision, in order; a VM placed leaves the queue as its decision is enacted. */
    List<Outcome> enact(List<Decision> decisions) {
        List<Outcome> outcomes = new ArrayList<>(decisions.size());
        for (Decision decision : decisions) {
            Outcome outcome = apply(decision);
            if (outcome.status() != Outcome.Status.OK) {
                tally.refused();
            }
            outcomes.add(outcome);
        }
        return outcomes;
    }

    private Outcome apply(Decision decision) {
        LowQosVm vm = world.low(decision.vm().id());
        int hostId = decision.host().id();
        if (vm == null) {
            return refuse(
                    decision, "NO_SUCH_VM", "no low-QoS VM " + decision.vm().id());
        }
        if (vm.qos != QosClass.LOW) {
            return refuse(decision, "HIGH_QOS", "VM " + vm.id + " is high-QoS: overbookd never acts on it");
        }
        if (!world.hasHost(hostId)) {
            return refuse(decision, "NO_SUCH_HOST", "no host " + hostId);
        }
        if (world.operationInFlight(hostId)) {
            return refuse(decision, "HOST_BUSY", "host " + hostId + " has an operation in flight");
        }
        if (decision instanceof Decision.Deploy) {
            if (vm.state != VmState.QUEUED) {
                return refuse(decision, "WRONG_STATE", "VM " + vm.id + " is " + vm.state + ", not QUEUED");
            }
            arrivals.deployed();
            lifecycle.place(vm, hostId, VmState.BOOTING);
            world.dequeue(vm, false);
            tally.deployed(vm, clock.now());
        } else if (decision instanceof Decision.Resume) {
            if (vm.state != VmState.SUSPENDED) {
                return refuse(decision, "WRONG_STATE", "VM " + vm.id + " is " + vm.state + ", not SUSPENDED");
            }
            lifecycle.place(vm, hostId, VmState.RESUMING);
            world.dequeue(vm, true);
            tally.resumed();
        } else {
            if (vm.state != VmState.RUNNING || vm.hostId != hostId) {
                return refuse(
                        decision,
                        "WRONG_STATE",
                        "VM " + vm.id + " is " + vm.state + (vm.hostId < 0 ? "" : " on host " + vm.hostId)
                                + ", not RUNNING on host " + hostId);
            }
            lifecycle.suspend(vm);
            vm.suspensions = RecentTimes.add(vm.suspensions, clock.now(), DAY);
            tally.suspended(RecentTimes.count(vm.suspensions));
        }
        world.actionLog().acted(hostId, clock.now());
        return Outcome.ok(decision);
    }

    private static Outcome refuse(Decision decision, String code, String message) {
        return new Outcome(decision, Outcome.Status.REFUSED, code, message);
    }
}
