package org.overbookd.backend.opennebula;

/**
 * OpenNebula's host states (host.xsd documents them) and which of them overbookd places VMs on.
 * Only a host whose monitoring works (MONITORED, or MONITORING_MONITORED while being re-probed) is
 * used; the others are disabled, failing, offline or not monitored yet.
 */
final class OneHostStates {

    static final int INIT = 0;
    static final int MONITORING_MONITORED = 1;
    static final int MONITORED = 2;
    static final int ERROR = 3;
    static final int DISABLED = 4;
    static final int MONITORING_ERROR = 5;
    static final int MONITORING_INIT = 6;
    static final int MONITORING_DISABLED = 7;
    static final int OFFLINE = 8;

    private OneHostStates() {
    }

    /**
     * Why a host in {@code state} is left out of the view, as a {@link org.overbookd.model.ClusterView#hostsLeftOut}
     * label, or null if it is usable.
     */
    static String exclusion(int state) {
        return switch (state) {
            case MONITORED, MONITORING_MONITORED -> null;
            case INIT, MONITORING_INIT -> "no-monitoring";
            case ERROR, MONITORING_ERROR -> "error";
            case DISABLED, MONITORING_DISABLED -> "disabled";
            case OFFLINE -> "offline";
            default -> "unknown-state";
        };
    }
}
