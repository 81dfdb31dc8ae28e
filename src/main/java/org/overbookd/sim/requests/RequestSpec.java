package org.overbookd.sim.requests;

import java.util.Map;
import org.overbookd.policy.qos.ServiceClass;

/** A workload row: what a request asks for, and its duration, which only the simulator knows. */
public record RequestSpec(
        String id,
        double submitS,
        double durationS,
        double cpu,
        double mem,
        ServiceClass serviceClass,
        Map<String, String> constraints) {

    public RequestSpec {
        constraints = Map.copyOf(constraints);
    }
}
