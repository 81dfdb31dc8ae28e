package org.overbookd.backend.opennebula;

/**
 * The one OpenNebula call that carries out a decision: {@code one.vm.deploy(vm, host, false, -1)}
 * or {@code one.vm.action(action, vm)}.
 *
 * @param hostId the target host of a deploy; -1 for an action
 * @param action the action name of {@code one.vm.action}; null for a deploy
 */
record VmCall(int vmId, int hostId, String action) {

    static VmCall deploy(int vmId, int hostId) {
        return new VmCall(vmId, hostId, null);
    }

    static VmCall action(String action, int vmId) {
        return new VmCall(vmId, -1, action);
    }

    boolean isDeploy() {
        return action == null;
    }

    /** Whether the call puts the VM to run on a host: a deploy, or a resume where its memory is. */
    boolean places() {
        return isDeploy() || "resume".equals(action);
    }

    @Override
    public String toString() {
        return isDeploy() ? "one.vm.deploy(" + vmId + ", " + hostId + ", false, -1)"
                : "one.vm.action(" + action + ", " + vmId + ")";
    }
}
