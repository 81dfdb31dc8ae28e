package org.overbookd.policy.qos;

/**
 * What a set of preemptible instances (one host's, or the whole cluster's) offers a preemption
 * plugin at a glance: the largest Q, the smallest Q - phi, the lowest priority.
 */
public record Residents(double maxQos, double minMargin, int minPriority) {

    public static final Residents NONE =
            new Residents(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Integer.MAX_VALUE);

    public static Residents of(Iterable<Candidate> instances) {
        double maxQos = Double.NEGATIVE_INFINITY;
        double minMargin = Double.POSITIVE_INFINITY;
        int minPriority = Integer.MAX_VALUE;
        for (Candidate c : instances) {
            maxQos = Math.max(maxQos, c.qos());
            minMargin = Math.min(minMargin, c.margin());
            minPriority = Math.min(minPriority, c.serviceClass().priority());
        }
        return new Residents(maxQos, minMargin, minPriority);
    }
}
