package org.overbookd.backend.opennebula;

/**
 * How a {@link org.overbookd.policy.cluster.Decision.Suspend} takes a low-QoS VM off its host.
 *
 * <p>{@link #SUSPEND} keeps the memory image on the host, so the VM can only come back there
 * ({@link org.overbookd.model.VmView#pinnedHost()}); {@link #STOP} copies it to the datastore and
 * frees the host, so the VM can be redeployed anywhere, at the price of a longer round trip.
 */
public enum SuspendAction {
    SUSPEND("suspend"),
    STOP("stop");

    private final String verb;

    SuspendAction(String verb) {
        this.verb = verb;
    }

    /** The action name for {@code one.vm.action}. */
    public String verb() {
        return verb;
    }
}
