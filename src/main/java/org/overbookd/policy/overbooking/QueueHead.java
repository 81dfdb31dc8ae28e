package org.overbookd.policy.overbooking;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.overbookd.model.VmState;
import org.overbookd.model.VmView;

/**
 * The head of a queue that no {@link org.overbookd.model.QueueIndex} keeps in order (the daemon's):
 * its first VMs in {@link QueueOrder#FIFO} order, or by urgency Q then FIFO under the QoS rule, as
 * sorting the eligible VMs with that comparator and cutting would give them.
 *
 * <p>Each VM's keys (urgency, suspended or not, first arrival, id) are read once into an entry, so
 * that the n log k comparisons compare plain fields rather than ask each VM for its state and its
 * arrival {@code Instant} every time. Under FIFO, whether a VM was suspended is the first key: the
 * VMs taken off a host are sorted apart from the others, and the others only when the head reaches
 * past them. A group wholly in the head, or mostly, is sorted whole (a daemon's queue arrives nearly
 * in arrival order, which the merge sort finds in one pass); a short head of a long group is kept in
 * a bounded heap. Every order here is total (the id breaks ties), so any of these ways gives the
 * same head.
 *
 * <p>Only VMs that can go to a candidate are eligible: an unpinned one, or one pinned to a
 * candidate. Since each pinned VM may lose its host to another VM pinned there, the head keeps one
 * extra place per eligible pinned VM so that it stays exact.
 */
final class QueueHead {

    /**
     * One eligible queued VM and its sort keys; {@code urgency} is 0 for every VM under FIFO;
     * {@code position} that of the candidate it is pinned to, -1 when unpinned.
     */
    private record Entry(
            double urgency, boolean suspended, long seconds, int nanos, long id, int position, VmView vm) {}

    private static final Comparator<Entry> ORDER = QueueHead::compare;
    private static final Comparator<Entry> WORST_FIRST = (a, b) -> compare(b, a);

    private static int compare(Entry a, Entry b) {
        int c = Double.compare(a.urgency, b.urgency);
        if (c != 0) {
            return c;
        }
        if (a.suspended != b.suspended) {
            return a.suspended ? -1 : 1;
        }
        c = Long.compare(a.seconds, b.seconds);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(a.nanos, b.nanos);
        return c != 0 ? c : Long.compare(a.id, b.id);
    }

    /** The eligible VMs in queue order, split into groups whose order is the head's (one group under QoS). */
    private final Group[] groups;

    private final int eligible;
    private final int pinned;

    /**
     * @param queue     the view's queue
     * @param positions the candidates by host id; {@link CandidatePositions#NONE} when no queued VM is pinned
     * @param urgency   the QoS rule's Q, or null for FIFO order
     */
    QueueHead(List<? extends VmView> queue, CandidatePositions positions, Urgency urgency) {
        // one array in queue order, sized once: growing lists cost a tenth of a daemon's decision
        Entry[] all = new Entry[queue.size()];
        int count = 0;
        int suspendedCount = 0;
        int pinnedEligible = 0;
        for (VmView vm : queue) {
            int position = -1;
            if (vm.pinnedHost().isPresent()) {
                position = positions.of(vm.pinnedHost().getAsInt());
                if (position < 0) {
                    continue;
                }
                pinnedEligible++;
            }
            boolean suspended = vm.state() == VmState.SUSPENDED;
            Instant arrival = vm.firstArrival();
            all[count++] = new Entry(
                    urgency == null ? 0 : urgency.computed(vm),
                    suspended,
                    arrival.getEpochSecond(),
                    arrival.getNano(),
                    vm.id(),
                    position,
                    vm);
            if (suspended) {
                suspendedCount++;
            }
        }
        if (urgency != null) {
            this.groups = new Group[] {new Group(Arrays.copyOf(all, count))};
        } else {
            Entry[] first = new Entry[suspendedCount];
            Entry[] rest = new Entry[count - suspendedCount];
            int f = 0;
            int r = 0;
            for (int i = 0; i < count; i++) {
                if (all[i].suspended()) {
                    first[f++] = all[i];
                } else {
                    rest[r++] = all[i];
                }
            }
            this.groups = new Group[] {new Group(first), new Group(rest)};
        }
        this.eligible = count;
        this.pinned = pinnedEligible;
    }

    /**
     * The first VMs of the queue in order, and whether more eligible VMs follow them;
     * {@code pinnedTo} the candidate position each is pinned to (-1: none), or null when none is.
     */
    record Head(List<VmView> vms, int[] pinnedTo, boolean truncated) {}

    /** The head long enough to fill {@code candidates} hosts. */
    Head fill(int candidates) {
        int keep = (int) Math.min((long) candidates + pinned, eligible);
        List<VmView> head = new ArrayList<>(keep);
        int[] pinnedTo = pinned == 0 ? null : new int[keep];
        int left = keep;
        for (Group group : groups) {
            int take = Math.min(left, group.size());
            group.first(take, head, pinnedTo);
            left -= take;
        }
        return new Head(head, pinnedTo, keep < eligible);
    }

    /** VMs that share the head's leading keys, in queue order until asked for a head. */
    private static final class Group {
        private final Entry[] entries;
        private boolean sorted;

        Group(Entry[] entries) {
            this.entries = entries;
        }

        int size() {
            return entries.length;
        }

        /** Adds this group's first {@code count} VMs in order to {@code into}, their pins to {@code pinnedTo}. */
        void first(int count, List<VmView> into, int[] pinnedTo) {
            if (count == 0) {
                return;
            }
            if (!sorted && 2L * count >= entries.length) {
                Arrays.sort(entries, ORDER);
                sorted = true;
            }
            if (sorted) {
                for (int i = 0; i < count; i++) {
                    add(entries[i], into, pinnedTo);
                }
                return;
            }
            // a VM no better than the heap's worst costs a single comparison
            PriorityQueue<Entry> worstFirst = new PriorityQueue<>(count + 1, WORST_FIRST);
            for (Entry entry : entries) {
                if (worstFirst.size() < count) {
                    worstFirst.add(entry);
                } else if (compare(entry, worstFirst.peek()) < 0) {
                    worstFirst.poll();
                    worstFirst.add(entry);
                }
            }
            Entry[] best = worstFirst.toArray(new Entry[0]);
            Arrays.sort(best, ORDER);
            for (Entry entry : best) {
                add(entry, into, pinnedTo);
            }
        }

        private static void add(Entry entry, List<VmView> into, int[] pinnedTo) {
            if (pinnedTo != null) {
                pinnedTo[into.size()] = entry.position();
            }
            into.add(entry.vm());
        }
    }
}
