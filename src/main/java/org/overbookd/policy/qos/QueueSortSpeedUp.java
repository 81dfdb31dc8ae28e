package org.overbookd.policy.qos;

/**
 * The optional extension of a {@link QueueSort} plugin, as {@link PreemptionSpeedUp} is of a
 * preemption: a promise that lets a caller skip passes without changing a decision. A plugin that
 * does not implement it gets {@link #NONE}: its order may change with time.
 */
public interface QueueSortSpeedUp {

    /** The answer of a plugin that promises nothing. */
    QueueSortSpeedUp NONE = new QueueSortSpeedUp() {};

    /** The plugin's speed-up, or {@link #NONE} when it has none. */
    static QueueSortSpeedUp of(QueueSort sort) {
        return sort instanceof QueueSortSpeedUp s ? s : NONE;
    }

    /** Whether the order can change with time alone (see {@link PreemptionSpeedUp#dependsOnTime}). */
    default boolean dependsOnTime() {
        return true;
    }
}
