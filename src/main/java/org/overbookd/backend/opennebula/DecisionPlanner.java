package org.overbookd.backend.opennebula;

import java.util.Optional;
import org.overbookd.model.QosClass;
import org.overbookd.policy.cluster.Decision;

/**
 * Turns a decision into the OpenNebula call that carries it out, or refuses it; no I/O. The backend
 * is the applier: it may refuse a decision but never reinterpret it, so a deploy only places a VM
 * on hold, a suspend only takes a running VM off the host the decision names, and a resume only
 * brings back a VM overbookd took off a host. A deploy or resume goes only where OpenNebula's own
 * matching allows the VM ({@link HostMatching}), and a deploy names the system datastore it allows.
 */
final class DecisionPlanner {

    private final SuspendAction suspendAction;

    DecisionPlanner(SuspendAction suspendAction) {
        this.suspendAction = suspendAction;
    }

    /**
     * The checks that need no call, made before anything is sent: the VM must be one the last
     * observation saw as low-QoS, and the host one it offered. A high-QoS VM is never the subject
     * of any call, not even a read.
     */
    Optional<Plan.Refuse> precheck(Decision decision, LastObservation last) {
        long vmId = decision.vm().id();
        if (vmId < 0 || vmId > Integer.MAX_VALUE) {
            return refuse(Plan.Refuse.NO_SUCH_VM, "VM " + vmId + " cannot exist in OpenNebula");
        }
        QosClass qos = last.qosByVm().get((int) vmId);
        if (qos == null) {
            return refuse(Plan.Refuse.NO_SUCH_VM, "VM " + vmId + " was not in the last observation");
        }
        if (qos != QosClass.LOW) {
            return refuse(Plan.Refuse.HIGH_QOS, "VM " + vmId + " is high-QoS: overbookd never acts on it");
        }
        int hostId = decision.host().id();
        if (!last.usableHosts().contains(hostId)) {
            return refuse(Plan.Refuse.NO_SUCH_HOST, "host " + hostId + " is not a usable host of the last observation");
        }
        return Optional.empty();
    }

    /** {@link #plan(Decision, VmRecord, HostMatching)} without requirements: every host, datastore -1. */
    Plan plan(Decision decision, VmRecord vm) {
        return plan(decision, vm, HostMatching.UNCONSTRAINED);
    }

    /** Chooses the call from the VM as OpenNebula reports it now, where {@code matching} allows it. */
    Plan plan(Decision decision, VmRecord vm, HostMatching matching) {
        if (vm.qos() != QosClass.LOW) {
            return new Plan.Refuse(
                    Plan.Refuse.HIGH_QOS, "VM " + vm.id() + " is high-QoS now: overbookd never acts on it");
        }
        int hostId = decision.host().id();
        String state = OneVmStates.describe(vm.state(), vm.lcmState());
        if (decision instanceof Decision.Deploy) {
            return vm.state() == OneVmStates.HOLD
                    ? deploy(vm, hostId, matching)
                    : wrongState(vm, state, "deploy needs HOLD");
        }
        if (decision instanceof Decision.Suspend) {
            if (vm.state() != OneVmStates.ACTIVE || vm.lcmState() != OneVmStates.RUNNING) {
                return wrongState(vm, state, "suspend needs ACTIVE/RUNNING");
            }
            if (vm.lastHostId() != hostId) {
                return wrongState(vm, state + " on host " + vm.lastHostId(), "not on host " + hostId);
            }
            return new Plan.Act(VmCall.action(suspendAction.verb(), vm.id()));
        }
        // Resume: a suspended VM comes back where its memory image is; a stopped one is deployed.
        return switch (vm.state()) {
            case OneVmStates.SUSPENDED ->
                vm.lastHostId() != hostId
                        ? new Plan.Refuse(
                                Plan.Refuse.WRONG_HOST,
                                "VM " + vm.id() + " is suspended on host " + vm.lastHostId()
                                        + " and can only resume there, not on host " + hostId)
                        : unmatched(vm, hostId, true, matching).orElse(new Plan.Act(VmCall.action("resume", vm.id())));
            case OneVmStates.STOPPED -> deploy(vm, hostId, matching);
            default -> wrongState(vm, state, "resume needs SUSPENDED or STOPPED");
        };
    }

    /** one.vm.deploy with the datastore the matching allows there, or the refusal of a host it does not allow. */
    private static Plan deploy(VmRecord vm, int hostId, HostMatching matching) {
        Optional<Plan> refused = unmatched(vm, hostId, false, matching);
        return refused.orElseGet(() -> new Plan.Act(VmCall.deploy(vm.id(), hostId, matching.datastoreFor(vm, hostId))));
    }

    private static Optional<Plan> unmatched(VmRecord vm, int hostId, boolean inPlace, HostMatching matching) {
        String why = matching.refusal(vm, hostId, inPlace);
        if (why == null) {
            return Optional.empty();
        }
        return Optional.of(new Plan.Refuse(
                matching.changedSince(vm) ? Plan.Refuse.REQUIREMENTS_CHANGED : Plan.Refuse.HOST_NOT_MATCHED,
                ServerText.bounded(why)));
    }

    private static Plan.Refuse wrongState(VmRecord vm, String state, String need) {
        return new Plan.Refuse(Plan.Refuse.WRONG_STATE, "VM " + vm.id() + " is " + state + ": " + need);
    }

    private static Optional<Plan.Refuse> refuse(String code, String message) {
        return Optional.of(new Plan.Refuse(code, message));
    }
}
