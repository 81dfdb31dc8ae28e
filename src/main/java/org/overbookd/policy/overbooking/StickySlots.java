package org.overbookd.policy.overbooking;

import java.util.Comparator;
import java.util.HashSet;
import java.util.PriorityQueue;
import java.util.Set;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostView;
import org.overbookd.model.VmView;

/**
 * Sticky slots for overbooking, after Çavdar et al.'s HYBRID: a fixed number of overbooked VMs,
 * cluster-wide, that overbookd promises never to take off their host; the others follow the bounds.
 *
 * <p>The set is derived from the view at every step instead of being remembered, so the daemon keeps
 * no private state and a restart changes nothing: the sticky VMs are the {@code k} overbooked VMs
 * that have been on their current host the longest (ties by first arrival, then id). The promise
 * holds because a sticky VM is never suspended, so its placement time never changes and no VM
 * placed later can overtake it; a sticky slot passes on only when its VM finishes, to the VM placed
 * next, which is first come, first served.
 */
final class StickySlots {

    static final Comparator<VmView> LONGEST_PLACED = Comparator.comparing(
                    VmView::placedAt, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(VmView::firstArrival)
            .thenComparingLong(VmView::id);

    private StickySlots() {}

    /** Ids of the sticky VMs; empty when {@code k} is 0. */
    static Set<Long> of(ClusterView view, int k) {
        Set<Long> sticky = new HashSet<>();
        if (k == 0) {
            return sticky;
        }
        PriorityQueue<VmView> newestFirst = new PriorityQueue<>(k + 1, LONGEST_PLACED.reversed());
        for (HostView host : view.hosts()) {
            for (VmView vm : host.overbooked()) {
                if (newestFirst.size() < k) {
                    newestFirst.add(vm);
                } else if (LONGEST_PLACED.compare(vm, newestFirst.peek()) < 0) {
                    newestFirst.poll();
                    newestFirst.add(vm);
                }
            }
        }
        for (VmView vm : newestFirst) {
            sticky.add(vm.id());
        }
        return sticky;
    }
}
