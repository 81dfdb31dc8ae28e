package org.overbookd.backend.opennebula;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.overbookd.model.QosClass;

/**
 * What the last observation saw, kept for enact: the view handed to the policy, the QoS class of
 * every VM (so a decision naming a high-QoS VM is refused without calling OpenNebula) and the hosts
 * the view offered.
 */
record Observation(OneClusterView view, Map<Integer, QosClass> qosByVm, Set<Integer> usableHosts) {

    /** Before the first observation nothing may be acted on. */
    static final Observation NONE = new Observation(new OneClusterView(List.of(), List.of()),
            Map.of(), Set.of());

    Observation {
        qosByVm = Map.copyOf(qosByVm);
        usableHosts = Set.copyOf(usableHosts);
    }
}
