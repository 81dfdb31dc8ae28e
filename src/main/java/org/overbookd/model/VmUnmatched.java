package org.overbookd.model;

/**
 * Why a queued low-QoS VM can be placed on no host of a view: the VIM's own placement rules (in
 * OpenNebula, the VM's requirement expressions) allow none of them. Such a VM stays queued; the
 * policy passes it by and places the VMs behind it that can go somewhere. Every reason there is, so
 * that the daemon's metrics show each one from the start, at zero; {@link ClusterView#vmsUnmatched}
 * counts the VMs by {@link #label()}.
 */
public enum VmUnmatched {
    /** Its requirements match no host in the view. */
    NO_HOST("no-host"),
    /** Hosts match, but no datastore it may use is reachable from any of them. */
    NO_DATASTORE("no-datastore"),
    /** Its requirements do not parse: the VIM's own scheduler would place it nowhere either. */
    INVALID("invalid"),
    /** Its requirements, or something else it asks, are beyond what overbookd evaluates exactly: it is left queued. */
    UNSUPPORTED("unsupported");

    private final String label;

    VmUnmatched(String label) {
        this.label = label;
    }

    /** The short label of metrics, logs and the audit. */
    public String label() {
        return label;
    }

    /** The reason whose {@link #label()} this is. */
    public static VmUnmatched of(String label) {
        for (VmUnmatched reason : values()) {
            if (reason.label.equals(label)) {
                return reason;
            }
        }
        throw new IllegalArgumentException("no such reason: " + label);
    }
}
