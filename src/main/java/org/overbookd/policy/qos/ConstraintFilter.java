package org.overbookd.policy.qos;

import java.util.Map;

/** Shared Filter: every key=value constraint matches a host attribute, and the host is big enough. */
public final class ConstraintFilter implements Filter {

    @Override
    public String name() {
        return "constraint-filter";
    }

    @Override
    public boolean admits(InstanceView j, NodeView node) {
        if (j.cpu() > node.cpu() + NodeState.EPSILON || j.mem() > node.mem() + NodeState.EPSILON) {
            return false;
        }
        for (Map.Entry<String, String> c : j.constraints().entrySet()) {
            if (!c.getValue().equals(node.attributes().get(c.getKey()))) {
                return false;
            }
        }
        return true;
    }
}
