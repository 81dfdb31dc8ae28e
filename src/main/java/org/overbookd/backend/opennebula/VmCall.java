package org.overbookd.backend.opennebula;

/**
 * The one OpenNebula call that carries out a decision: {@code one.vm.deploy(vm, host, false, ds)}
 * or {@code one.vm.action(action, vm)}.
 *
 * @param hostId      the target host of a deploy; -1 for an action
 * @param action      the action name of {@code one.vm.action}; null for a deploy
 * @param datastoreId the system datastore of a deploy, chosen by overbookd as OpenNebula's matching
 *                    allows it ({@link HostMatching#datastoreFor}); -1 leaves it to oned, which then takes
 *                    the lowest-id system datastore of the host's cluster whatever the VM's requirements
 */
record VmCall(int vmId, int hostId, String action, int datastoreId) {

    static VmCall deploy(int vmId, int hostId, int datastoreId) {
        return new VmCall(vmId, hostId, null, datastoreId);
    }

    static VmCall action(String action, int vmId) {
        return new VmCall(vmId, -1, action, -1);
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
        return isDeploy()
                ? "one.vm.deploy(" + vmId + ", " + hostId + ", false, " + datastoreId + ")"
                : "one.vm.action(" + action + ", " + vmId + ")";
    }
}
