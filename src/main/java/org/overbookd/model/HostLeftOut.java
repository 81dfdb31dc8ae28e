package org.overbookd.model;

/**
 * Why a backend left a host it knows of out of a view: every reason there is, so that the daemon's
 * metrics show each one from the start, at zero. {@link ClusterView#hostsLeftOut} counts the hosts
 * by {@link #label()}.
 */
public enum HostLeftOut {
    /** Disabled by an administrator. */
    DISABLED("disabled"),
    /** Switched off by an administrator. */
    OFFLINE("offline"),
    /** The VIM's monitoring of it fails. */
    ERROR("error"),
    /** Not monitored yet, or no monitoring record of it. */
    NO_MONITORING("no-monitoring"),
    /** Its last monitoring sample is too old to act on. */
    STALE_MONITORING("stale-monitoring"),
    /** It reports no CPU capacity. */
    NO_CAPACITY("no-capacity"),
    /** A state this version of overbookd does not know: never acted on, until it does. */
    UNKNOWN_STATE("unknown-state");

    private final String label;

    HostLeftOut(String label) {
        this.label = label;
    }

    /** The short label of metrics and logs. */
    public String label() {
        return label;
    }
}
