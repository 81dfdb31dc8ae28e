package org.overbookd.sim.requests;

import java.util.Map;

/** A hosts-file row: capacities in the workload's units and key=value attributes. */
public record HostSpec(String id, double cpu, double mem, Map<String, String> attributes) {

    public HostSpec {
        attributes = Map.copyOf(attributes);
    }
}
