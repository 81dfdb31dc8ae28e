package org.overbookd.policy.hybrid;

/**
 * Which lower-priority task a preemption takes, among those not under a sticky label. The paper
 * says "the low-priority task that ... starts most recently" and, for production tasks, "from the
 * lowest priority class"; we read both as {@link #LOWEST_CLASS} and offer the other reading.
 */
public enum EvictionRule implements Labelled {
    /** The lowest priority class present, and within it the task that started most recently. */
    LOWEST_CLASS("lowest-class"),
    /** The task that started most recently among all classes below the evictor's. */
    YOUNGEST("youngest");

    private final String label;

    EvictionRule(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
