package org.overbookd.policy.qos;

import java.util.Map;

/** A host as the scheduler sees it: capacities and the key=value attributes constraints match. */
public record NodeView(String id, double cpu, double mem, Map<String, String> attributes) {

    public NodeView {
        attributes = Map.copyOf(attributes);
    }
}
