package org.overbookd.model;

import java.util.Iterator;

/**
 * An optional extension of a {@link ClusterView}: the low-QoS queue kept in order, with counts the
 * backend updates as VMs join and leave, so that a policy reads the head of the queue and what it
 * holds without walking all of it. The same VMs as {@link ClusterView#queue()}; a policy that does
 * not find this interface sorts and counts {@code queue()} itself, to the same result.
 *
 * <p>The two orders it keeps are those of arrival: VMs taken off a host ({@link VmState#SUSPENDED})
 * and all others (new VMs, {@link VmState#QUEUED}), each by first arrival, then VM id.
 */
public interface QueueIndex {

    /** How many VMs wait: {@code queue().size()}. */
    int queued();

    /** Whether any queued VM is pinned to a host ({@link VmView#pinnedHost()}). */
    boolean anyPinned();

    /** Whether any queued VM has a size other than {@link VmSize#UNKNOWN}. */
    boolean anySized();

    /** The queued VMs in state {@link VmState#SUSPENDED}, by first arrival, then id. */
    Iterator<? extends VmView> suspendedByArrival();

    /** The queued VMs in any other state, by first arrival, then id. */
    Iterator<? extends VmView> othersByArrival();
}
