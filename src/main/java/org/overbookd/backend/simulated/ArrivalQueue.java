package org.overbookd.backend.simulated;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The suspended VMs waiting in the queue, by first arrival then id (the order of
 * {@code QueueOrder.FIFO}), as one sorted run in the middle of three parallel arrays: the VMs,
 * their arrival seconds and their ids.
 *
 * <p>Why not a tree: in a Google-cell-sized run thousands of VMs wait suspended, a suspended VM
 * arrived long ago and so joins near the head (a few hundred places from it, on average, of
 * thousands), and a resumed one leaves from the head. Here a VM's place is found by a binary search
 * over the primitive keys, without reaching into a VM object per probe, and the shorter side of the
 * run moves by one place to make or close the gap: a few hundred references copied in one block,
 * no node allocated and no rebalancing. Iteration reads the run in order.
 *
 * <p>Keys are unique (ids are), so a VM is found by its key alone; {@link #add} and
 * {@link #remove} answer as a set's do.
 */
final class ArrivalQueue implements Iterable<SimVm> {

    private static final int MIN_CAPACITY = 64;

    private SimVm[] vms = new SimVm[MIN_CAPACITY];
    private long[] seconds = new long[MIN_CAPACITY];
    private long[] ids = new long[MIN_CAPACITY];
    /** The run is {@code [head, tail)}. */
    private int head = MIN_CAPACITY / 2;
    private int tail = MIN_CAPACITY / 2;

    int size() {
        return tail - head;
    }

    boolean isEmpty() {
        return tail == head;
    }

    /** Adds {@code vm} in its place; false (and no change) when a VM with its key is already here. */
    boolean add(SimVm vm) {
        long second = vm.firstArrivalSeconds;
        long id = vm.id;
        int at = lowerBound(second, id);
        if (at < tail && seconds[at] == second && ids[at] == id) {
            return false;
        }
        if (head == 0 || tail == vms.length) {
            at += recenter();
        }
        if (at - head <= tail - at) {
            // the front part moves one place towards the head
            shift(head, head - 1, at - head);
            head--;
            at--;
        } else {
            shift(at, at + 1, tail - at);
            tail++;
        }
        vms[at] = vm;
        seconds[at] = second;
        ids[at] = id;
        return true;
    }

    /** Removes {@code vm}; false (and no change) when it is not here. */
    boolean remove(SimVm vm) {
        // the policy resumes from the head, so a VM leaving is most often the first: no search then
        int at = head < tail && vms[head] == vm ? head : lowerBound(vm.firstArrivalSeconds, vm.id);
        if (at == tail || vms[at] != vm) {
            return false;
        }
        if (at - head < tail - at - 1) {
            shift(head, head + 1, at - head);
            vms[head] = null;
            head++;
        } else {
            shift(at + 1, at, tail - at - 1);
            tail--;
            vms[tail] = null;
        }
        return true;
    }

    /** The VMs in order; read-only. */
    @Override
    public Iterator<SimVm> iterator() {
        return new Iterator<>() {
            private int next = head;

            @Override
            public boolean hasNext() {
                return next < tail;
            }

            @Override
            public SimVm next() {
                if (next >= tail) {
                    throw new NoSuchElementException();
                }
                return vms[next++];
            }
        };
    }

    /** The first place in the run whose key is not below (second, id): where that key is or would go. */
    private int lowerBound(long second, long id) {
        int lo = head;
        int hi = tail;
        long[] secondsAt = seconds;
        long[] idsAt = ids;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            long s = secondsAt[mid];
            // no short circuit and no branch: which half is taken is a coin toss the CPU cannot predict
            boolean below = s < second | s == second & idsAt[mid] < id;
            lo = below ? mid + 1 : lo;
            hi = below ? hi : mid;
        }
        return lo;
    }

    private void shift(int from, int to, int length) {
        System.arraycopy(vms, from, vms, to, length);
        System.arraycopy(seconds, from, seconds, to, length);
        System.arraycopy(ids, from, ids, to, length);
    }

    /**
     * Copies the run into the middle of fresh arrays with room for as many again on each side;
     * returns how far the run moved, for a place found before.
     */
    private int recenter() {
        int size = size();
        int capacity = Math.max(MIN_CAPACITY, 4 * size);
        int newHead = (capacity - size) / 2;
        SimVm[] newVms = new SimVm[capacity];
        long[] newSeconds = new long[capacity];
        long[] newIds = new long[capacity];
        System.arraycopy(vms, head, newVms, newHead, size);
        System.arraycopy(seconds, head, newSeconds, newHead, size);
        System.arraycopy(ids, head, newIds, newHead, size);
        int moved = newHead - head;
        vms = newVms;
        seconds = newSeconds;
        ids = newIds;
        head = newHead;
        tail = newHead + size;
        return moved;
    }
}
