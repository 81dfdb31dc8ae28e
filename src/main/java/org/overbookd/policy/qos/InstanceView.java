package org.overbookd.policy.qos;

import java.util.Map;

/**
 * A request's instance as the scheduler sees it at the start of a pass: demand, class, placement
 * constraints and accounting, never its duration (only the simulator knows that).
 *
 * @param admission   order of admission (smaller = admitted earlier); the baseline's tie-break
 * @param runS        e_j, time it has run (allocation overheads excluded)
 * @param pendingS    p_j, time it has not been available, allocation overheads included
 * @param overheadS   sum of the allocation overheads it has paid (eq. 8's numerator)
 * @param alphaS      alpha_j, the expected maximum allocation time (eqs. 4 and 7)
 * @param node        the host it holds resources on, or null while pending
 */
public record InstanceView(String id, ServiceClass serviceClass, double cpu, double mem,
                           Map<String, String> constraints, long admission, double runS, double pendingS,
                           double overheadS, double alphaS, String node) {

    public InstanceView {
        constraints = Map.copyOf(constraints);
    }

    public double qos() {
        return QosEquations.qos(runS, pendingS, serviceClass.slo(), alphaS);
    }

    public double preemptionOverhead() {
        return QosEquations.preemptionOverhead(runS, overheadS);
    }
}
