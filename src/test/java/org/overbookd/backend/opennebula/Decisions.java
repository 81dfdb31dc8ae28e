package org.overbookd.backend.opennebula;

import org.overbookd.model.HostRef;
import org.overbookd.model.VmRef;
import org.overbookd.policy.Reason;
import org.overbookd.policy.cluster.Decision;

/** Decisions as a policy would make them, for the tests. */
final class Decisions {

    private static final Reason BECAUSE = Reason.because("test").build();

    private Decisions() {}

    static Decision deploy(long vm, int host) {
        return new Decision.Deploy(vm(vm), host(host), BECAUSE);
    }

    static Decision suspend(long vm, int host) {
        return new Decision.Suspend(vm(vm), host(host), BECAUSE);
    }

    static Decision resume(long vm, int host) {
        return new Decision.Resume(vm(vm), host(host), BECAUSE);
    }

    private static VmRef vm(long id) {
        return new VmRef(id, "vm-" + id);
    }

    private static HostRef host(int id) {
        return new HostRef(id, "node" + id);
    }
}
