package org.overbookd.policy.qos;

import java.util.Map;

/**
 * A request's instance as the scheduler sees it at the start of a pass: demand, class, placement
 * constraints and accounting, never its duration (only the simulator knows that).
 *
 * @param admission   order of admission (smaller = admitted earlier); the baseline's tie-break
 * @param runS        e_j, time it had resources allocated (eq. 1), allocation overheads included
 * @param pendingS    p_j, time it has waited in the pending queue
 * @param overheadS   the part of runS spent on allocation overheads (eq. 8's numerator)
 * @param alphaS      alpha_j, the expected maximum allocation time (eqs. 4 and 7)
 * @param node        the host it holds resources on, or null while pending
 */
public record InstanceView(
        String id,
        ServiceClass serviceClass,
        double cpu,
        double mem,
        Map<String, String> constraints,
        long admission,
        double runS,
        double pendingS,
        double overheadS,
        double alphaS,
        String node) {

    public InstanceView {
        constraints = Map.copyOf(constraints);
    }

    public double qos() {
        return QosEquations.qos(runS, pendingS, serviceClass.slo(), alphaS);
    }

    /** Eq. 8, with e the time run doing work: runS less the overheads it includes. */
    public double preemptionOverhead() {
        return QosEquations.preemptionOverhead(runS - overheadS, overheadS);
    }
}
