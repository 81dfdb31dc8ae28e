package org.overbookd.policy.overbooking;

/**
 * The live guards against churn, each with the label the audit, the metrics and the README name it
 * by. Every guard there is, so that the daemon's metrics show each one from the start, at zero.
 */
public enum Guard {
    /** A VM deployed or resumed less than this long ago is not the victim while another VM of its host may be. */
    MIN_RUN_TIME("min-run-time"),
    /** A VM suspended this many times in the last 24 hours waits in the queue until one of them is a day old. */
    SUSPENDS_PER_DAY("suspends-per-day"),
    /** At most this many actions a step: placements wait for the next step once suspensions and placements reach it. */
    ACTIONS_PER_CYCLE("actions-per-cycle"),
    /** A host that saw this many of overbookd's actions in the last hour receives no VM until it saw fewer. */
    ACTIONS_PER_HOST("actions-per-host-per-hour");

    private final String label;

    Guard(String label) {
        this.label = label;
    }

    /** The short label of the audit and the metrics. */
    public String label() {
        return label;
    }
}
