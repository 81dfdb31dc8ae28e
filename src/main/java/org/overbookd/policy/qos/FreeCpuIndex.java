package org.overbookd.policy.qos;

import java.util.Arrays;

/**
 * Hosts ordered by free CPU, most first, then by ordinal, so a scan for a host with room looks only
 * at hosts that have enough CPU and starts with the emptiest (those LeastRequested favours anyway).
 * The cluster takes a host out before changing it and puts it back after.
 *
 * <p>The order is kept in arrays, one place per host, each holding the host, its ordinal and, side
 * by side, what a search for room reads (free and used CPU and memory, capacities), as they were
 * when the host was put back: the exact pass reads every host with room for every request that may
 * have one, and a sequential read of doubles is several times cheaper than a walk of a tree of
 * hosts through their objects.
 *
 * <p>The places are cut into {@link Chunk}s of at most {@link #DEFAULT_CHUNK} hosts, in order, so
 * that a change shifts the places of one or two chunks, not of every host between a host's old and
 * new place. With one array for the whole cluster, a host whose free CPU changed moved past every
 * host of free CPU in between, and in the generated month of requests (12,500 hosts, most of them
 * nearly full, a change per placement and per completion) those shifts were about 40% of the run's
 * CPU. A scan still reads doubles in sequence, a chunk at a time. A chunk that fills up is split in
 * two halves; one that empties, or shrinks beside a neighbour until both fit in half a chunk, is
 * merged away, so there are at most about four chunks per {@link #DEFAULT_CHUNK} hosts.
 */
final class FreeCpuIndex {

    /**
     * Hosts per chunk at most: a change shifts at most this many places (three arrays side by side),
     * and finding a host's chunk is a binary search over the chunks' first hosts.
     */
    static final int DEFAULT_CHUNK = 128;

    /** Per place, in a chunk's {@link Chunk#rows}: free CPU, used CPU, used memory, CPU and memory capacity. */
    private static final int FREE = 0;

    private static final int USED_CPU = 1;
    private static final int USED_MEM = 2;
    private static final int CPU = 3;
    private static final int MEM = 4;
    private static final int FIELDS = 5;

    /** A run of consecutive places of the order: hosts {@code [0, size)} of its arrays. */
    static final class Chunk {
        private final NodeState[] nodes;
        private final int[] ordinals;
        private final double[] rows;
        private int size;

        private Chunk(int capacity) {
            nodes = new NodeState[capacity];
            ordinals = new int[capacity];
            rows = new double[capacity * FIELDS];
        }

        /** How many places the chunk holds. */
        int size() {
            return size;
        }

        /** The free CPU of the host at this place: no host after it, in this chunk or a later one, has more. */
        double freeCpu(int at) {
            return rows[at * FIELDS + FREE];
        }

        /** Whether the host at this place has at least this much free CPU; false from the first that has not on. */
        boolean hasRoom(int at, double cpu) {
            return rows[at * FIELDS + FREE] + NodeState.EPSILON >= cpu;
        }

        /**
         * {@link NodeState#fitsWithout} with nothing freed, from the copy of the host's use and
         * capacity kept here: a walk for room passes over a host without its objects.
         */
        boolean fits(int at, double cpu, double mem) {
            int r = at * FIELDS;
            return rows[r + USED_CPU] + cpu <= rows[r + CPU] + NodeState.EPSILON
                    && rows[r + USED_MEM] + mem <= rows[r + MEM] + NodeState.EPSILON;
        }

        NodeState node(int at) {
            return nodes[at];
        }

        double usedCpu(int at) {
            return rows[at * FIELDS + USED_CPU];
        }

        double usedMem(int at) {
            return rows[at * FIELDS + USED_MEM];
        }

        double cpu(int at) {
            return rows[at * FIELDS + CPU];
        }

        double mem(int at) {
            return rows[at * FIELDS + MEM];
        }

        /** Most free first, then by ordinal: whether a host of this free CPU and ordinal comes before the one at this place. */
        private boolean before(double free, int ordinal, int at) {
            int c = Double.compare(rows[at * FIELDS + FREE], free);
            return c != 0 ? c < 0 : ordinal < ordinals[at];
        }

        /** The first place in [0, size) that a host of this free CPU and ordinal comes before. */
        private int firstAfter(double free, int ordinal) {
            int lo = 0;
            int hi = size;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (before(free, ordinal, mid)) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            return lo;
        }

        /** Moves count places from one place to another of this chunk or of another (to). */
        private void copy(int from, Chunk to, int at, int count) {
            if (count > 0) {
                System.arraycopy(nodes, from, to.nodes, at, count);
                System.arraycopy(ordinals, from, to.ordinals, at, count);
                System.arraycopy(rows, from * FIELDS, to.rows, at * FIELDS, count * FIELDS);
            }
        }

        private void insert(int at, NodeState n) {
            copy(at, this, at + 1, size - at);
            size++;
            set(at, n);
        }

        /**
         * Moves the host at place from to the place a host of its key now goes: to is that place
         * counted with the host still at from (see {@link FreeCpuIndex#add}). Only the places in
         * between shift, by one.
         */
        private void move(int from, int to, NodeState n) {
            if (to > from) {
                copy(from + 1, this, from, to - from - 1);
                set(to - 1, n);
            } else {
                copy(to, this, to + 1, from - to);
                set(to, n);
            }
        }

        private void set(int at, NodeState n) {
            nodes[at] = n;
            ordinals[at] = n.ordinal();
            int r = at * FIELDS;
            rows[r + FREE] = free(n);
            rows[r + USED_CPU] = n.usedCpu();
            rows[r + USED_MEM] = n.usedMem();
            rows[r + CPU] = n.view().cpu();
            rows[r + MEM] = n.view().mem();
        }

        private void delete(int at) {
            copy(at + 1, this, at, size - at - 1);
            size--;
            nodes[size] = null;
        }

        /** Appends the other chunk's places after this one's (they follow them in the order). */
        private void append(Chunk other) {
            other.copy(0, this, size, other.size);
            size += other.size;
        }
    }

    private final int chunkCapacity;
    /** The chunks in order, {@code [0, chunkCount)}, none of them empty. */
    private Chunk[] chunks = new Chunk[8];

    private int chunkCount;
    private int size;
    /**
     * The host last taken out, until it is put back (null when none): it stays at its place,
     * {@link #outChunk} and {@link #outAt}, until then, and is deleted from it only if anything
     * else is asked first (the host left the cluster).
     */
    private NodeState out;

    private int outChunk;
    private int outAt;
    /** The smallest CPU capacity of a host held; NaN when a host left since it was known. */
    private double smallestCpu = Double.POSITIVE_INFINITY;
    /** Where the last {@link #locate} or {@link #find} put a host: its chunk and place in it. */
    private int foundChunk;

    private int foundAt;

    FreeCpuIndex() {
        this(DEFAULT_CHUNK);
    }

    /** With chunks of at most this many hosts (at least 2; tests take small ones to split and merge often). */
    FreeCpuIndex(int chunkCapacity) {
        if (chunkCapacity < 2) {
            throw new IllegalArgumentException("chunks of at least 2 hosts");
        }
        this.chunkCapacity = chunkCapacity;
    }

    static double free(NodeState n) {
        return n.view().cpu() - n.usedCpu();
    }

    /**
     * Takes a host out before it changes. It is only marked: a host taken out is nearly always put
     * back at once, changed ({@link #add}), and then moves from its old place to its new one,
     * shifting only the places in between when both are in one chunk. Deleting it and inserting it
     * again shifted every later place of its chunk twice: in the month of requests, a placement
     * and a completion each move a host, some fifty million times.
     */
    void remove(NodeState n) {
        settle();
        if (findAnywhere(n)) {
            out = n;
            outChunk = foundChunk;
            outAt = foundAt;
        }
    }

    void add(NodeState n) {
        if (out == n) {
            out = null; // back, changed: the same capacity, so the smallest one still holds
            double free = free(n);
            int ordinal = n.ordinal();
            locate(free, ordinal); // among the places, its own old one included
            if (foundChunk == outChunk) {
                chunks[foundChunk].move(outAt, foundAt, n);
            } else {
                delete(outChunk, outAt);
                insert(n);
            }
            return;
        }
        settle();
        if (find(n)) {
            return;
        }
        insert(n);
        smallestCpu = Math.min(smallestCpu, n.view().cpu());
    }

    /** How many places there are (hosts held). */
    int size() {
        settle();
        return size;
    }

    /** How many chunks the places are cut into. */
    int chunks() {
        settle();
        return chunkCount;
    }

    /** The chunk of this rank, from 0 (the most free CPU) to {@link #chunks()} - 1. */
    Chunk chunk(int k) {
        return chunks[k];
    }

    /** The smallest CPU capacity of the hosts held (positive infinity for none). */
    double smallestCpuCapacity() {
        settle();
        if (Double.isNaN(smallestCpu)) {
            smallestCpu = Double.POSITIVE_INFINITY;
            for (int k = 0; k < chunkCount; k++) {
                Chunk c = chunks[k];
                for (int at = 0; at < c.size; at++) {
                    smallestCpu = Math.min(smallestCpu, c.cpu(at));
                }
            }
        }
        return smallestCpu;
    }

    /** A host taken out and not put back is gone from the cluster: the smallest capacity must be found again. */
    private void settle() {
        if (out != null) {
            delete(outChunk, outAt);
            out = null;
            smallestCpu = Double.NaN;
        }
    }

    /** The chunk a host of this free CPU and ordinal belongs in: the last whose first host it does not come before. */
    private int chunkOf(double free, int ordinal) {
        int lo = 0;
        int hi = chunkCount;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (chunks[mid].before(free, ordinal, 0)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return Math.max(0, lo - 1);
    }

    /** Sets {@link #foundChunk} and {@link #foundAt} to the place a host of this free CPU and ordinal goes (among the others). */
    private void locate(double free, int ordinal) {
        foundChunk = chunkOf(free, ordinal);
        foundAt = chunks[foundChunk].firstAfter(free, ordinal);
    }

    /** Whether the host is at the place its free CPU and ordinal give it now ({@link #foundChunk}, {@link #foundAt}). */
    private boolean find(NodeState n) {
        if (chunkCount == 0) {
            return false;
        }
        locate(free(n), n.ordinal());
        foundAt--;
        return foundAt >= 0 && chunks[foundChunk].nodes[foundAt] == n;
    }

    /** Whether the host is held, also if its free CPU changed behind the index's back; its place as {@link #find}. */
    private boolean findAnywhere(NodeState n) {
        if (find(n)) {
            return true;
        }
        for (int k = 0; k < chunkCount; k++) {
            Chunk c = chunks[k];
            for (int at = 0; at < c.size; at++) {
                if (c.nodes[at] == n) {
                    foundChunk = k;
                    foundAt = at;
                    return true;
                }
            }
        }
        return false;
    }

    private void insert(NodeState n) {
        if (chunkCount == 0) {
            chunks[0] = new Chunk(chunkCapacity);
            chunkCount = 1;
        }
        double free = free(n);
        int ordinal = n.ordinal();
        locate(free, ordinal);
        if (chunks[foundChunk].size == chunkCapacity) {
            split(foundChunk);
            locate(free, ordinal);
        }
        chunks[foundChunk].insert(foundAt, n);
        size++;
    }

    /** A full chunk cut into two halves, the second one a new chunk right after it. */
    private void split(int k) {
        Chunk full = chunks[k];
        Chunk second = new Chunk(chunkCapacity);
        int half = full.size / 2;
        full.copy(half, second, 0, full.size - half);
        second.size = full.size - half;
        Arrays.fill(full.nodes, half, full.size, null);
        full.size = half;
        if (chunkCount == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunkCount * 2);
        }
        System.arraycopy(chunks, k + 1, chunks, k + 2, chunkCount - k - 1);
        chunks[k + 1] = second;
        chunkCount++;
    }

    private void delete(int k, int at) {
        Chunk c = chunks[k];
        c.delete(at);
        size--;
        if (c.size == 0) {
            dropChunk(k);
        } else if (k + 1 < chunkCount && c.size + chunks[k + 1].size <= chunkCapacity / 2) {
            c.append(chunks[k + 1]);
            dropChunk(k + 1);
        } else if (k > 0 && chunks[k - 1].size + c.size <= chunkCapacity / 2) {
            chunks[k - 1].append(c);
            dropChunk(k);
        }
    }

    private void dropChunk(int k) {
        System.arraycopy(chunks, k + 1, chunks, k, chunkCount - k - 1);
        chunkCount--;
        chunks[chunkCount] = null;
    }
}
