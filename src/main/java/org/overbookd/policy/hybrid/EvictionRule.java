package org.overbookd.policy.hybrid;

/**
 * Which lower-priority task a preemption takes, among those not under a sticky label. Section 3.2
 * gives two rules by evictor: a non-production task "evicts the low-priority task that is not
 * executing on a sticky slot and starts most recently"; a production task evicts "the task that
 * occupy most powerful slot from the lowest priority class". {@link #BY_EVICTOR} is that
 * combination, read literally, and the default; the other two apply one rule to every evictor.
 * Under every rule a production task looks at the most powerful tier first (see VictimChoice).
 */
public enum EvictionRule implements Labelled {
    /**
     * Section 3.2 as written: a non-production evictor takes the task started most recently among
     * all classes below its own; a production evictor takes the lowest class present, and within
     * it the task started most recently.
     */
    BY_EVICTOR("by-evictor"),
    /** The lowest priority class present, and within it the task that started most recently, for every evictor. */
    LOWEST_CLASS("lowest-class"),
    /** The task that started most recently among all classes below the evictor's, for every evictor. */
    YOUNGEST("youngest");

    private final String label;

    EvictionRule(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** Whether an evictor of {@code priority} takes from the lowest class present rather than the youngest of all lower ones. */
    boolean lowestClassFirst(int priority) {
        return switch (this) {
            case BY_EVICTOR -> Priorities.isProduction(priority);
            case LOWEST_CLASS -> true;
            case YOUNGEST -> false;
        };
    }
}
