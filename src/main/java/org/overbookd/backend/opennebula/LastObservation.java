package org.overbookd.backend.opennebula;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.overbookd.model.QosClass;

/**
 * What the last observation saw, kept for enact: the view handed to the policy, the QoS class of
 * every VM (so a decision naming a high-QoS VM is refused without calling OpenNebula), the hosts the
 * view offered and where each queued VM may go ({@link HostMatching}); and, for the backend to log
 * once per episode, the hosts left out, the low-QoS VMs left alone, the queued ones that may go
 * nowhere and the VMs whose SLO attribute could not be read.
 */
record LastObservation(
        OneClusterView view,
        Map<Integer, QosClass> qosByVm,
        Set<Integer> usableHosts,
        List<LeftOut> hostsLeftOut,
        List<LeftOut> vmsLeftAlone,
        List<Integer> unreadableSlo,
        HostMatching matching,
        List<LeftOut> vmsUnmatched) {

    /** Before the first observation nothing may be acted on. */
    static final LastObservation NONE = new LastObservation(
            new OneClusterView(List.of(), List.of()),
            Map.of(),
            Set.of(),
            List.of(),
            List.of(),
            List.of(),
            HostMatching.UNCONSTRAINED,
            List.of());

    LastObservation(OneClusterView view, Map<Integer, QosClass> qosByVm, Set<Integer> usableHosts) {
        this(view, qosByVm, usableHosts, List.of(), List.of(), List.of(), HostMatching.UNCONSTRAINED, List.of());
    }

    /**
     * The QoS map is taken over, read-only, not copied: the assembler makes one per observation (one
     * entry per VM, 100,000 in a large pool) and keeps no reference to it; a copy cost the first cycle
     * after a start tens of milliseconds in the interpreter. The rest is copied.
     */
    LastObservation {
        qosByVm = Collections.unmodifiableMap(qosByVm);
        usableHosts = Set.copyOf(usableHosts);
        hostsLeftOut = List.copyOf(hostsLeftOut);
        vmsLeftAlone = List.copyOf(vmsLeftAlone);
        unreadableSlo = List.copyOf(unreadableSlo);
        vmsUnmatched = List.copyOf(vmsUnmatched);
    }
}
