package org.overbookd.policy.qos;

/**
 * The optional extension of a {@link Preemption} plugin: cheap checks that let a pass skip hosts,
 * requests and whole passes without changing a decision (as the Kubernetes scheduling framework's
 * PreFilter and Score extensions are optional). A plugin that does not implement it gets
 * {@link #NONE}, whose answers are always safe: look everywhere, every time. Each check may say
 * "maybe" where the answer is no, never "no" where it is yes.
 */
public interface PreemptionSpeedUp {

    /** The answers of a plugin that knows no shortcut. */
    PreemptionSpeedUp NONE = new PreemptionSpeedUp() {};

    /** The plugin's speed-up, or {@link #NONE} when it has none. */
    static PreemptionSpeedUp of(Preemption preemption) {
        return preemption instanceof PreemptionSpeedUp s ? s : NONE;
    }

    /**
     * A cheap necessary condition for {@link Preemption#victims} to succeed on a host, or anywhere,
     * given the summary (or a bound of it) of the preemptible instances there, so a scan can pass
     * over places where no instance could be eligible. True unless known false.
     */
    default boolean mayFree(Candidate j, Residents residents) {
        return true;
    }

    /**
     * For a cheap check of a host before its residents are read: the Q above which an instance of
     * class k might be eligible for j, negative infinity when any might, positive infinity when
     * none can. It may say more instances than are eligible, never fewer.
     */
    default double eligibleAbove(Candidate j, ServiceClass k) {
        return Double.NEGATIVE_INFINITY;
    }

    /**
     * Whether every instance eligible for j is eligible for other too, whatever the host. A pass
     * uses it to fail a request at once when one with the same demand and constraints has just
     * failed with nothing placed since: no host can free more for j than it could for other.
     * False unless known true.
     */
    default boolean eligibleWithin(Candidate j, Candidate other) {
        return false;
    }

    /** The host's summary, its preemption order built as the plugin builds it. */
    default Residents summary(NodeState node, Pass pass) {
        return Residents.of(node.residents());
    }

    /**
     * Whether the plugin's decisions can change with time alone (Q does; priorities do not). When
     * neither the queue order nor the preemption depends on time, a pass over an unchanged cluster
     * and queue repeats the last one's outcome, and a caller may skip it.
     */
    default boolean dependsOnTime() {
        return true;
    }
}
