package org.overbookd.model;

import java.util.List;

/**
 * What a policy may know about the cluster at one decision: hosts and the low-QoS queue.
 * Read-only by contract; a backend may hand out live views that are valid only until it next
 * changes state, so a policy copies whatever it keeps beyond one call.
 */
public interface ClusterView {
    List<? extends HostView> hosts();

    /**
     * Low-QoS VMs waiting for a host: new ones and those overbookd took off a host. Backends need
     * not order it; ordering is a policy decision.
     */
    List<? extends VmView> queue();

    /**
     * Hosts the backend knows of but left out of this view, counted by {@link HostLeftOut#label()}
     * ({@code offline}, {@code stale-monitoring}, ...), for metrics and logs. Policies have no use
     * for it.
     */
    default java.util.Map<String, Integer> hostsLeftOut() {
        return java.util.Map.of();
    }

    /**
     * Low-QoS VMs the backend sees but neither queues nor places nor acts on, counted by
     * {@link VmLeftAlone#label()} ({@code failed}: a failed operation waits for an administrator;
     * {@code pending}: the VIM's own scheduler will place it), for metrics and logs. Policies have no
     * use for it.
     */
    default java.util.Map<String, Integer> vmsLeftAlone() {
        return java.util.Map.of();
    }

    /**
     * Queued low-QoS VMs that may run on no host of this view, counted by {@link VmUnmatched#label()},
     * for metrics and logs. They stay in {@link #queue()}: a policy learns where each VM may go from
     * {@link VmView#mayRunOn}, not from here.
     */
    default java.util.Map<String, Integer> vmsUnmatched() {
        return java.util.Map.of();
    }
}
