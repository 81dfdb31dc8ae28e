package org.overbookd.policy.qos;

/**
 * Extension point Score, for hosts that need no preemption (and the last tie-break of those that
 * do): the mean of Kubernetes' LeastRequested and BalancedResourceAllocation, each in [0, 10].
 * "Requested" includes the instance being placed; larger is better.
 */
public final class AllocationScore {

    private AllocationScore() {}

    public static double score(double cpuCapacity, double memCapacity, double cpuRequested, double memRequested) {
        return (leastRequested(cpuCapacity, memCapacity, cpuRequested, memRequested)
                        + balanced(cpuCapacity, memCapacity, cpuRequested, memRequested))
                / 2;
    }

    /** Mean over CPU and memory of (capacity - requested) * 10 / capacity; 0 when over capacity. */
    public static double leastRequested(
            double cpuCapacity, double memCapacity, double cpuRequested, double memRequested) {
        return (free(cpuCapacity, cpuRequested) + free(memCapacity, memRequested)) / 2;
    }

    /** (1 - |cpuFraction - memFraction|) * 10; 0 when either fraction is 1 or more. */
    public static double balanced(double cpuCapacity, double memCapacity, double cpuRequested, double memRequested) {
        double cpuFraction = fraction(cpuRequested, cpuCapacity);
        double memFraction = fraction(memRequested, memCapacity);
        if (cpuFraction >= 1 || memFraction >= 1) {
            return 0;
        }
        return (1 - Math.abs(cpuFraction - memFraction)) * 10;
    }

    private static double free(double capacity, double requested) {
        if (capacity <= 0 || requested > capacity) {
            return 0;
        }
        return (capacity - requested) * 10 / capacity;
    }

    private static double fraction(double requested, double capacity) {
        return capacity <= 0 ? Double.POSITIVE_INFINITY : requested / capacity;
    }
}
