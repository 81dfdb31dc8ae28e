package org.overbookd.policy.hybrid;

/**
 * What a slot policy may see of the cluster: the central queue in its two orders, free slots by
 * tier, sticky labels in use, and the running tasks it may evict. Read-only; the simulator keeps
 * the indexes so that every question costs a logarithm, not a scan.
 *
 * <p>Slots are grouped in tiers by the average CPU per slot of their server (capacity over slots,
 * Table 1's last column), tier 0 having the most: the "powerful" slots.
 */
public interface SlotView {

    boolean queueEmpty();

    /** The head of the queue in {@link TaskOrder#FIRST_ARRIVAL}; null when the queue is empty. */
    QueuedTask oldestQueued();

    /** The head of the queue in the policy's regular order (priority first); null when the queue is empty. */
    QueuedTask topQueued();

    /** Running tasks under a sticky label. */
    int stickyInUse();

    int tiers();

    /** Free slots in all tiers. */
    int freeSlots();

    int freeSlots(int tier);

    /**
     * The server holding the {@code k}-th free slot of a tier, 0 &lt;= k &lt; freeSlots(tier), in a
     * fixed order of the servers: a uniform k gives a uniformly random free slot.
     */
    int freeSlotServer(int tier, int k);

    /**
     * Of the running tasks of one priority class on one tier that are not under a sticky label, the
     * one that started most recently; null if there is none.
     */
    RunningTask youngestEvictable(int tier, int priority);
}
