package org.overbookd.backend.simulated;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The suspended VMs waiting in the queue, by first arrival then id (the order of
 * {@code QueueOrder.FIFO}), as a list of small sorted blocks, each a run in the middle of three
 * parallel arrays: the VMs, their arrival seconds and their ids.
 *
 * <p>Why blocks: in a Google-cell-sized run thousands of VMs wait suspended (about 4,900 on
 * average), a suspended VM arrived long ago and so joins near the head (about 450 places from it),
 * and a resumed one leaves from the head. In one sorted array a VM joining moved the shorter side
 * of the run by one place, some 320 entries of each array; in a block it moves the block's shorter
 * side that has room, a few tens of entries (the queue's share of the cell's run before and after is
 * in docs/performance.md; what is left is mostly the cache misses of the searches). A VM's block is found by galloping from the head over the blocks' last
 * keys, its place in the block by a binary search over the primitive keys, without reaching into a
 * VM object per probe. A full block is split in two, an empty one dropped. Iteration reads the
 * blocks in order.
 *
 * <p>Keys are unique (ids are), so a VM is found by its key alone; {@link #add} and
 * {@link #remove} answer as a set's do.
 */
final class ArrivalQueue implements Iterable<SimVm> {

    /** Entries per block: a VM joining moves at most this many, about a quarter as many on average. */
    static final int BLOCK = 128;

    private final int blockSize;
    /** The blocks in key order, none empty. */
    private final List<Block> blocks = new ArrayList<>();

    private int size;

    ArrivalQueue() {
        this(BLOCK);
    }

    /** With blocks of {@code blockSize} entries (2 or more; tests use small ones to split often). */
    ArrivalQueue(int blockSize) {
        if (blockSize < 2) {
            throw new IllegalArgumentException("a block holds at least 2 entries, not " + blockSize);
        }
        this.blockSize = blockSize;
    }

    /** A sorted run {@code [from, to)} in the middle of its arrays, and its last key kept beside them. */
    private static final class Block {
        final SimVm[] vms;
        final long[] seconds;
        final long[] ids;
        int from;
        int to;
        long lastSecond;
        long lastId;

        Block(int capacity) {
            vms = new SimVm[capacity];
            seconds = new long[capacity];
            ids = new long[capacity];
            from = capacity / 2;
            to = from;
        }

        int size() {
            return to - from;
        }

        /** Whether (second, id) is above this block's last key: it goes to a later block. */
        boolean below(long second, long id) {
            return lastSecond < second || lastSecond == second && lastId < id;
        }

        /** The first place in the run whose key is not below (second, id). */
        int lowerBound(long second, long id) {
            int lo = from;
            int hi = to;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                long s = seconds[mid];
                // no short circuit and no branch: which half is taken is a coin toss the CPU cannot predict
                boolean below = s < second | s == second & ids[mid] < id;
                lo = below ? mid + 1 : lo;
                hi = below ? hi : mid;
            }
            return lo;
        }

        /** Puts an entry at place {@code at} of the run, moving the shorter side that has room. */
        void insert(int at, SimVm vm, long second, long id) {
            boolean front = from > 0 && (at - from <= to - at || to == vms.length);
            if (front) {
                shift(from, from - 1, at - from);
                from--;
                at--;
            } else {
                shift(at, at + 1, to - at);
                to++;
            }
            vms[at] = vm;
            seconds[at] = second;
            ids[at] = id;
            keepLast();
        }

        /** Takes the entry at place {@code at} out of the run. */
        void delete(int at) {
            if (at - from < to - at - 1) {
                shift(from, from + 1, at - from);
                vms[from] = null;
                from++;
            } else {
                shift(at + 1, at, to - at - 1);
                to--;
                vms[to] = null;
            }
            if (to > from) {
                keepLast();
            }
        }

        void keepLast() {
            lastSecond = seconds[to - 1];
            lastId = ids[to - 1];
        }

        private void shift(int source, int target, int length) {
            System.arraycopy(vms, source, vms, target, length);
            System.arraycopy(seconds, source, seconds, target, length);
            System.arraycopy(ids, source, ids, target, length);
        }

        /** Moves the upper half of the run into a new block, which it returns. */
        Block split() {
            Block upper = new Block(vms.length);
            int half = size() / 2;
            int start = to - half;
            upper.from = (vms.length - half) / 2;
            upper.to = upper.from + half;
            System.arraycopy(vms, start, upper.vms, upper.from, half);
            System.arraycopy(seconds, start, upper.seconds, upper.from, half);
            System.arraycopy(ids, start, upper.ids, upper.from, half);
            Arrays.fill(vms, start, to, null);
            to = start;
            keepLast();
            upper.keepLast();
            return upper;
        }
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Adds {@code vm} in its place; false (and no change) when a VM with its key is already here. */
    boolean add(SimVm vm) {
        long second = vm.firstArrivalSeconds;
        long id = vm.id;
        if (blocks.isEmpty()) {
            blocks.add(new Block(blockSize));
        }
        int b = blockOf(second, id);
        Block block = blocks.get(b);
        int at = block.lowerBound(second, id);
        if (at < block.to && block.seconds[at] == second && block.ids[at] == id) {
            return false;
        }
        if (block.size() == blockSize) {
            Block upper = block.split();
            blocks.add(b + 1, upper);
            if (at > block.to) {
                block = upper;
                at = upper.lowerBound(second, id);
            }
        }
        block.insert(at, vm, second, id);
        size++;
        return true;
    }

    /** Removes {@code vm}; false (and no change) when it is not here. */
    boolean remove(SimVm vm) {
        if (size == 0) {
            return false;
        }
        int b;
        int at;
        Block first = blocks.get(0);
        // the policy resumes from the head, so a VM leaving is most often the first: no search then
        if (first.vms[first.from] == vm) {
            b = 0;
            at = first.from;
        } else {
            b = blockOf(vm.firstArrivalSeconds, vm.id);
            at = blocks.get(b).lowerBound(vm.firstArrivalSeconds, vm.id);
        }
        Block block = blocks.get(b);
        if (at == block.to || block.vms[at] != vm) {
            return false;
        }
        block.delete(at);
        size--;
        if (block.size() == 0) {
            blocks.remove(b);
        }
        return true;
    }

    /**
     * The block where (second, id) is or would go: the first whose last key is not below it, or the
     * last block. Galloping from the head (1, 2, 4... blocks on), as VMs join near it, then a binary
     * search over the blocks passed.
     */
    private int blockOf(long second, long id) {
        int n = blocks.size();
        int lo = 0;
        int hi = 0;
        for (int step = 1; hi < n - 1 && blocks.get(hi).below(second, id); step <<= 1) {
            lo = hi + 1;
            hi = Math.min(n - 1, hi + step);
        }
        // the answer lies in [lo, hi]: every block before lo is below, block hi is not (or is the last)
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (blocks.get(mid).below(second, id)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The VMs in order; read-only. */
    @Override
    public Iterator<SimVm> iterator() {
        return new Iterator<>() {
            private int block;
            private int next = blocks.isEmpty() ? 0 : blocks.get(0).from;

            @Override
            public boolean hasNext() {
                return block < blocks.size();
            }

            @Override
            public SimVm next() {
                if (block >= blocks.size()) {
                    throw new NoSuchElementException();
                }
                Block current = blocks.get(block);
                SimVm vm = current.vms[next++];
                if (next == current.to && ++block < blocks.size()) {
                    next = blocks.get(block).from;
                }
                return vm;
            }
        };
    }
}
