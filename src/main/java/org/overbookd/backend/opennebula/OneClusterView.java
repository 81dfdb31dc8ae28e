package org.overbookd.backend.opennebula;

import java.util.List;
import java.util.Map;
import org.overbookd.model.ClusterView;

/**
 * An immutable snapshot of the cluster: unlike the simulator's live view, it stays valid after the
 * next observation, so a policy may keep it.
 */
record OneClusterView(
        List<OneHostView> hosts,
        List<OneVmView> queue,
        Map<String, Integer> hostsLeftOut,
        Map<String, Integer> vmsLeftAlone,
        Map<String, Integer> vmsUnmatched)
        implements ClusterView {

    OneClusterView {
        hosts = List.copyOf(hosts);
        queue = List.copyOf(queue);
        hostsLeftOut = Map.copyOf(hostsLeftOut);
        vmsLeftAlone = Map.copyOf(vmsLeftAlone);
        vmsUnmatched = Map.copyOf(vmsUnmatched);
    }

    OneClusterView(List<OneHostView> hosts, List<OneVmView> queue) {
        this(hosts, queue, Map.of(), Map.of(), Map.of());
    }
}
