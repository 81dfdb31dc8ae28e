package org.overbookd.policy.qos;

import java.util.Comparator;
import java.util.List;

/**
 * Baseline PostFilter (section 4.1.2): only instances of lower priority may go, the lowest priority
 * first and, among equals, the most recently admitted.
 */
public final class PriorityPreemption implements Preemption, PreemptionSpeedUp {

    @Override
    public String name() {
        return "priority-preemption";
    }

    private static final Comparator<Candidate> ORDER = Comparator.comparingInt(
                    (Candidate c) -> c.serviceClass().priority())
            .thenComparingLong(c -> -c.view().admission())
            .thenComparing(c -> c.view().id());

    @Override
    public List<Candidate> victims(Candidate j, NodeState node, Pass pass) {
        List<Candidate> order = node.preemptionOrder(PriorityPreemption::sorted);
        return Victims.takeUntilFits(
                j,
                node,
                order,
                (pending, k) ->
                        k.serviceClass().priority() < pending.serviceClass().priority());
    }

    /** Only instances of lower priority can go: none on a host whose lowest priority is j's or more. */
    @Override
    public boolean mayFree(Candidate j, Residents r) {
        return r.minPriority() < j.serviceClass().priority();
    }

    @Override
    public double eligibleAbove(Candidate j, ServiceClass k) {
        return k.priority() < j.serviceClass().priority() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }

    /** Eligibility is by priority alone. */
    @Override
    public boolean eligibleWithin(Candidate j, Candidate other) {
        return j.serviceClass().priority() == other.serviceClass().priority();
    }

    @Override
    public Residents summary(NodeState node, Pass pass) {
        return node.summary(PriorityPreemption::sorted);
    }

    /** Priorities and admissions do not change with time. */
    @Override
    public boolean dependsOnTime() {
        return false;
    }

    private static List<Candidate> sorted(List<Candidate> residents) {
        residents.sort(ORDER);
        return residents;
    }
}
