package org.overbookd.model;

import java.util.List;

/**
 * An optional extension of a {@link ClusterView}: the hosts an overbooking step acts on, collected
 * by the backend from its own state rather than by the policy through {@link ClusterView#hosts()}.
 * A policy that finds it gets the same hosts, in the same order, as its own filter of
 * {@code hosts()} would give; one that does not filters {@code hosts()} itself. Either way the
 * decisions are the same: this is only a faster way to the same answer, for views that can give it
 * cheaply (the simulator's world keeps its hosts in an array; a pool parsed from OpenNebula has no
 * cheaper way than the policy's own loop).
 *
 * <p>Both answers are fresh lists the caller may keep and sort, of live host views read only
 * during the decision.
 */
public interface BoundScan {

    /**
     * The hosts, in {@link ClusterView#hosts()} order, with no operation in flight, at least one
     * overbooked VM and a utilization not below {@code atLeast} (a utilization that is not a number
     * is not below anything).
     */
    List<HostView> overbookedAtOrAbove(double atLeast);

    /**
     * The hosts, in {@link ClusterView#hosts()} order, with no operation in flight, fewer than
     * {@code slots} overbooked VMs and a utilization at or below {@code atMost}.
     */
    List<HostView> withFreeSlotAtOrBelow(int slots, double atMost);
}
