package org.overbookd.policy.qos;

import java.util.List;

/** A decision of a scheduling pass: preempt the victims (in order), then allocate the instance on the node. */
public record Allocation(String instance, String node, List<String> victims) {

    public Allocation {
        victims = List.copyOf(victims);
    }
}
