package org.overbookd.backend.opennebula;

import org.overbookd.model.HostLeftOut;

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

    private OneHostStates() {}

    /**
     * Why a host in {@code state} is left out of the view, or null if it is usable.
     */
    static HostLeftOut exclusion(int state) {
        return switch (state) {
            case MONITORED, MONITORING_MONITORED -> null;
            case INIT, MONITORING_INIT -> HostLeftOut.NO_MONITORING;
            case ERROR, MONITORING_ERROR -> HostLeftOut.ERROR;
            case DISABLED, MONITORING_DISABLED -> HostLeftOut.DISABLED;
            case OFFLINE -> HostLeftOut.OFFLINE;
            default -> HostLeftOut.UNKNOWN_STATE;
        };
    }
}
