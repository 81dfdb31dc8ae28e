package org.overbookd.policy.qos;

import java.util.Map;

/** Shared Filter: every key=value constraint matches a host attribute, and the host is big enough. */
public final class ConstraintFilter implements Filter {

    @Override
    public String name() {
        return "constraint-filter";
    }

    @Override
    public FilterStatus filter(InstanceView j, NodeView node) {
        if (j.cpu() > node.cpu() + NodeState.EPSILON) {
            return FilterStatus.TOO_LITTLE_CPU;
        }
        if (j.mem() > node.mem() + NodeState.EPSILON) {
            return FilterStatus.TOO_LITTLE_MEMORY;
        }
        for (Map.Entry<String, String> c : j.constraints().entrySet()) {
            if (!c.getValue().equals(node.attributes().get(c.getKey()))) {
                return FilterStatus.constraintUnmet(c.getKey());
            }
        }
        return FilterStatus.ADMITTED;
    }
}
