package org.overbookd.model;

/**
 * Why a backend neither queues nor places nor acts on a low-QoS VM it sees: every reason there is, so
 * that the daemon's metrics show each one from the start, at zero. {@link ClusterView#vmsLeftAlone}
 * counts the VMs by {@link #label()}.
 */
public enum VmLeftAlone {
    /** A failed operation left it for an administrator to recover. */
    FAILED("failed"),
    /** Waiting for the VIM's own scheduler to place it (not on hold for overbookd). */
    PENDING("pending");

    private final String label;

    VmLeftAlone(String label) {
        this.label = label;
    }

    /** The short label of metrics and logs. */
    public String label() {
        return label;
    }
}
