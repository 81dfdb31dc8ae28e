package org.overbookd.engine;

import java.util.Arrays;

/**
 * The future events of a run in exactly {@link EventQueue}'s total order (time, then kind, then
 * the order they were added), for a model whose events are mostly of two easy sorts: a delay that
 * is the same for every event (so they are added in the order they fall due), and a far-off event
 * that most often becomes stale before its time (a VM's finish, made stale when the VM is suspended).
 *
 * <p>Why it exists: in a month of a Google cell the simulated backend adds some 560 operation ends
 * (at now + the operation's cost) and 300 finishes per 5-minute step, and a single heap held about
 * 265,000 events of which fewer than half were live: each operation end was sifted from the bottom
 * to the top and back, and the stale finishes made the heap twice the size it needed to be, far
 * beyond the processor's caches. An agenda keeps its events in three parts, merged on the way out:
 *
 * <ul>
 *   <li>a <em>lane</em>, first in first out, for events added with {@link #addInOrder} that fall
 *       due in the order they were added: no sifting at all. An event that would come before the
 *       lane's last one goes with the others instead, so the order never depends on the hint;
 *   <li>a <em>calendar</em> of buckets, each a span of {@code bucketWidth} of time, for the events
 *       beyond the bucket the clock has reached: filed in O(1), and poured into the heap only when
 *       the next event could be in their bucket, at which point the model's {@link Stale} test drops
 *       those it would ignore anyway, so they never enter the heap. Buckets go by blocks of 64: an
 *       event beyond the blocks opened waits in its block, shared out to its bucket when the clock
 *       comes to the block (and dropped then if stale already);
 *   <li>a small {@link EventQueue} heap for the rest: the buckets poured, and times the calendar
 *       does not cover (before 0, or more than 16,384 buckets ahead).
 * </ul>
 *
 * <p>Every event is numbered in one sequence over the three parts, and the next event is the least
 * of the lane's head and the heap's, once every bucket that could hold an earlier one is poured (a
 * bucket's events all lie after any time in an earlier bucket). So, the stale events aside, the
 * events leave in the order one {@link EventQueue} would give them, whatever part they went to.
 * Stale events that the calendar did not see (those in the lane or heap, or made stale after their
 * bucket was poured) still come out, and the model ignores them as before.
 *
 * @param <S> the type of the events' subjects
 */
public final class Agenda<S> {

    /**
     * Which events the model would ignore whenever they came, so the agenda may drop them unseen.
     * Once true for an event it must stay true (a version that only grows, say): the agenda asks
     * when it pours the event's bucket, which may be well before the event's time.
     */
    @FunctionalInterface
    public interface Stale<S> {
        boolean stale(int kind, S subject, int tag);
    }

    /** Buckets the calendar spans ahead of the one reached: with 5-minute buckets, about 57 days. */
    private static final int RING = 1 << 14;

    private static final int MASK = RING - 1;
    /**
     * Buckets per block, as a shift (64: with 5-minute buckets a block is 5 h 20 min): the calendar
     * files an event beyond the blocks it has opened into its block (one of {@link #BLOCK_RING}),
     * and opens a block, sharing its events out to their buckets, when the clock comes to it. 64
     * measured best on a Google cell, against 16, 512 and no blocks (docs/performance.md).
     */
    private static final int BLOCK_SHIFT = 6;
    /** Blocks the calendar holds ahead of the one opened: more than RING buckets' worth (RING / 64 + 1). */
    private static final int BLOCK_RING = 512;

    private static final int BLOCK_MASK = BLOCK_RING - 1;
    /** Events per chunk of a calendar bucket. */
    private static final int CHUNK = 16;
    /** Times beyond this many buckets from 0 go to the heap (the bucket number would not fit a long). */
    private static final double FAR = 0x1p62;
    /** Where the next event is, once settled. */
    private static final int UNKNOWN = -1;

    private static final int NONE = 0;
    private static final int LANE = 1;
    private static final int HEAP = 2;

    private final double width;
    private final Stale<S> stale;
    private final EventQueue<S> heap = new EventQueue<>(1024);
    private long nextSeq;
    private int head = UNKNOWN;

    /** The lane: a ring of [2i] time key and [2i + 1] order key, subjects and tags, length a power of two. */
    private long[] laneKeys = new long[2 * 256];

    private Object[] laneSubjects = new Object[256];
    private int[] laneTags = new int[256];
    private int laneFirst;
    private int laneSize;

    /**
     * The calendar: bucket b in slot b mod RING, for b in (poured, poured + RING]. A bucket is a
     * chain of chunks of {@link #CHUNK} events taken from one pool, so filing an event writes the
     * slot's three words and the event's place in the pool (not a bucket object and its arrays),
     * and a poured bucket's chunks go back to the pool for the next buckets to reuse, still cached.
     * Per slot, [3s] its first chunk, [3s + 1] its last, [3s + 2] its events (all chunks but the
     * last are full).
     */
    private final int[] slots = new int[3 * RING];
    /**
     * The blocks not yet opened, as the buckets are kept: block k in slot k mod BLOCK_RING, for k
     * in (opened, opened + BLOCK_RING). Why two levels: finishes fall due at random far ahead, so
     * filing each straight into its bucket was a cache miss or three (the bucket's slot and its
     * last chunk, among thousands); the blocks ahead are 64 times fewer and their last chunks stay
     * cached, and opening a block writes to its 64 buckets, few enough to stay cached too. Opening
     * also drops the events the model would ignore by then, so many far finishes never reach a bucket.
     */
    private final int[] blockSlots = new int[3 * BLOCK_RING];
    /** Blocks up to this one are open: their events are filed into their buckets. */
    private long opened;
    /** The first block holding events (not opened); meaningless when none does. */
    private long lowestBlock = Long.MAX_VALUE;
    /** Events in the blocks not opened (also counted in {@link #calendared}). */
    private int blocked;
    /** Per pooled event, [3e] time key, [3e + 1] order key, [3e + 2] tag; event e in chunk e / CHUNK. */
    private long[] pool = new long[3 * CHUNK * 64];

    private Object[] poolSubjects = new Object[CHUNK * 64];
    /** Per chunk, the next in its bucket or in the free list; -1 at the end. */
    private int[] chunkNext = new int[64];

    private int chunksMade;
    private int freeChunk = -1;
    /** Buckets up to this one have been poured (or were empty): events in them go to the heap. */
    private long poured = -1;
    /** The first bucket holding events; meaningless when the calendar is empty. */
    private long lowest = Long.MAX_VALUE;

    private int calendared;

    /**
     * @param bucketWidth the span of time of one calendar bucket: about the interval at which the
     *                    model's clock moves, so a bucket is poured once per interval
     * @param stale       the model's test for events it would ignore, or null to drop none
     */
    public Agenda(double bucketWidth, Stale<S> stale) {
        if (!(bucketWidth > 0) || Double.isInfinite(bucketWidth)) {
            throw new IllegalArgumentException("a calendar bucket needs a positive width, not " + bucketWidth);
        }
        this.width = bucketWidth;
        this.stale = stale;
    }

    /** Adds an event; NaN is not a time, and the kind is 0 to {@link EventQueue#MAX_KIND}. */
    public void add(double time, int kind, S subject, int tag) {
        EventQueue.checkEvent(time, kind, nextSeq);
        file(EventQueue.timeKey(time), EventQueue.orderKey(kind, nextSeq++), subject, tag);
        head = UNKNOWN;
    }

    /**
     * Adds an event that the model expects to fall due after every event it added this way before
     * (a constant delay on a clock that only moves forward): it then waits in the lane. One that
     * does not is added as {@link #add} adds it, so the hint never changes the order.
     */
    public void addInOrder(double time, int kind, S subject, int tag) {
        EventQueue.checkEvent(time, kind, nextSeq);
        long t = EventQueue.timeKey(time);
        long ks = EventQueue.orderKey(kind, nextSeq++);
        head = UNKNOWN;
        int capacity = laneTags.length;
        if (laneSize > 0) {
            int last = (laneFirst + laneSize - 1) & (capacity - 1);
            long lt = laneKeys[2 * last];
            // the new event has the highest number, so it comes after the last unless earlier or of a lower kind
            if (t < lt || t == lt && ks < laneKeys[2 * last + 1]) {
                file(t, ks, subject, tag);
                return;
            }
        }
        if (laneSize == capacity) {
            growLane();
            capacity = laneTags.length;
        }
        int at = (laneFirst + laneSize) & (capacity - 1);
        laneKeys[2 * at] = t;
        laneKeys[2 * at + 1] = ks;
        laneSubjects[at] = subject;
        laneTags[at] = tag;
        laneSize++;
    }

    /** Whether no event is left (stale ones the calendar found are not counted). */
    public boolean isEmpty() {
        return settle() == NONE;
    }

    /** Events held, counting those in the calendar that may yet prove stale. */
    public int size() {
        return heap.size() + laneSize + calendared;
    }

    /** Time of the next event; +infinity when there is none. */
    public double time() {
        return switch (settle()) {
            case LANE -> EventQueue.timeOf(laneKeys[2 * laneFirst]);
            case HEAP -> heap.time();
            default -> Double.POSITIVE_INFINITY;
        };
    }

    /** Kind of the next event; only when not empty. */
    public int kind() {
        return switch (settleSome()) {
            case LANE -> EventQueue.kindOf(laneKeys[2 * laneFirst + 1]);
            default -> heap.kind();
        };
    }

    /** Subject of the next event; only when not empty. */
    @SuppressWarnings("unchecked") // subjects are kept in Object arrays (no generic arrays); each was added as an S
    public S subject() {
        return switch (settleSome()) {
            case LANE -> (S) laneSubjects[laneFirst];
            default -> heap.subject();
        };
    }

    /** Tag of the next event; only when not empty. */
    public int tag() {
        return switch (settleSome()) {
            case LANE -> laneTags[laneFirst];
            default -> heap.tag();
        };
    }

    /** Drops the next event; only when not empty. */
    public void remove() {
        if (settleSome() == LANE) {
            laneSubjects[laneFirst] = null;
            laneFirst = (laneFirst + 1) & (laneTags.length - 1);
            laneSize--;
        } else {
            heap.remove();
        }
        head = UNKNOWN;
    }

    /**
     * Into the calendar when its bucket is ahead and within reach (its bucket's when its block is
     * open, else its block's), into the heap otherwise.
     */
    private void file(long t, long ks, S subject, int tag) {
        long b = bucketOf(t);
        if (b > poured && b - poured <= RING) {
            long block = b >> BLOCK_SHIFT;
            if (block > opened) {
                append(blockSlots, 3 * (int) (block & BLOCK_MASK), t, ks, subject, tag);
                blocked++;
                calendared++;
                if (block < lowestBlock) {
                    lowestBlock = block;
                }
                return;
            }
            append(slots, 3 * (int) (b & MASK), t, ks, subject, tag);
            calendared++;
            if (b < lowest) {
                lowest = b;
            }
        } else {
            heap.insert(t, ks, subject, tag);
        }
    }

    /** Adds an event at the end of the bucket whose three words start at {@code sl[m]}. */
    private void append(int[] sl, int m, long t, long ks, Object subject, int tag) {
        int n = sl[m + 2];
        int fill = n & (CHUNK - 1);
        int chunk;
        if (fill == 0) {
            chunk = takeChunk();
            if (n == 0) {
                sl[m] = chunk;
            } else {
                chunkNext[sl[m + 1]] = chunk;
            }
            sl[m + 1] = chunk;
        } else {
            chunk = sl[m + 1];
        }
        int e = chunk * CHUNK + fill;
        long[] p = pool;
        p[3 * e] = t;
        p[3 * e + 1] = ks;
        p[3 * e + 2] = tag;
        poolSubjects[e] = subject;
        sl[m + 2] = n + 1;
    }

    /**
     * The bucket of a time key: the time divided by the width, rounded down; -1 for a time before
     * +0.0 and {@link Long#MAX_VALUE} for one too far to number. Monotone in the time, so an event in
     * a later bucket than a time comes after it.
     */
    private long bucketOf(long timeKey) {
        if (timeKey < 0) {
            return -1;
        }
        double q = EventQueue.timeOf(timeKey) / width;
        return q >= FAR ? Long.MAX_VALUE : (long) q;
    }

    private int settleSome() {
        int where = settle();
        if (where == NONE) {
            throw new IllegalStateException("no event queued");
        }
        return where;
    }

    /** Pours every bucket that could hold the next event, then finds where the next event is. */
    private int settle() {
        if (head != UNKNOWN) {
            return head;
        }
        while (true) {
            int where = earlier();
            // the first bucket that may hold events: the lowest filed, or the first of the lowest block
            long first = blocked == 0 || lowest <= lowestBlock << BLOCK_SHIFT ? lowest : lowestBlock << BLOCK_SHIFT;
            if (calendared == 0
                    || where != NONE
                            && bucketOf(where == LANE ? laneKeys[2 * laneFirst] : heap.headTimeKey()) < first) {
                head = where;
                return where;
            }
            if (first == lowest) {
                pour();
            } else {
                open();
            }
        }
    }

    /** The earlier of the lane's head and the heap's, leaving the calendar aside. */
    private int earlier() {
        if (laneSize == 0) {
            return heap.isEmpty() ? NONE : HEAP;
        }
        if (heap.isEmpty()) {
            return LANE;
        }
        long lt = laneKeys[2 * laneFirst];
        long ht = heap.headTimeKey();
        return lt < ht || lt == ht && laneKeys[2 * laneFirst + 1] < heap.headOrderKey() ? LANE : HEAP;
    }

    /** Moves the first bucket's live events into the heap, dropping the stale, and finds the next bucket. */
    @SuppressWarnings("unchecked") // subjects are kept in Object arrays (no generic arrays); each was added as an S
    private void pour() {
        long b = lowest;
        int m = 3 * (int) (b & MASK);
        int n = slots[m + 2];
        long[] p = pool;
        Object[] subjects = poolSubjects;
        int chunk = slots[m];
        for (int done = 0; done < n; ) {
            int e = chunk * CHUNK;
            int end = e + Math.min(CHUNK, n - done);
            for (; e < end; e++) {
                S subject = (S) subjects[e];
                subjects[e] = null;
                int tag = (int) p[3 * e + 2];
                if (stale == null || !stale.stale(EventQueue.kindOf(p[3 * e + 1]), subject, tag)) {
                    heap.insert(p[3 * e], p[3 * e + 1], subject, tag);
                }
            }
            done += CHUNK;
            int next = chunkNext[chunk];
            chunkNext[chunk] = freeChunk;
            freeChunk = chunk;
            chunk = next;
        }
        slots[m + 2] = 0;
        calendared -= n;
        poured = b;
        lowest = Long.MAX_VALUE;
        if (calendared > blocked) {
            // every filed bucket lies in (b, b + RING]: the first non-empty slot after b's is the next
            for (long next = b + 1; ; next++) {
                if (slots[3 * (int) (next & MASK) + 2] > 0) {
                    lowest = next;
                    break;
                }
            }
        }
    }

    /**
     * Opens the lowest block: its live events go to their buckets (all of them ahead of the poured
     * ones and within reach, as they were when filed), the stale are dropped, and every block up
     * to it is open from now on.
     */
    @SuppressWarnings("unchecked") // subjects are kept in Object arrays (no generic arrays); each was added as an S
    private void open() {
        long block = lowestBlock;
        int m = 3 * (int) (block & BLOCK_MASK);
        int n = blockSlots[m + 2];
        blockSlots[m + 2] = 0;
        blocked -= n;
        calendared -= n;
        opened = block;
        int chunk = blockSlots[m];
        for (int done = 0; done < n; ) {
            int e = chunk * CHUNK;
            int end = e + Math.min(CHUNK, n - done);
            for (; e < end; e++) {
                S subject = (S) poolSubjects[e];
                poolSubjects[e] = null;
                long t = pool[3 * e];
                long ks = pool[3 * e + 1];
                int tag = (int) pool[3 * e + 2];
                if (stale == null || !stale.stale(EventQueue.kindOf(ks), subject, tag)) {
                    // filed now, in the order they were added to the block: a bucket's order does not matter
                    file(t, ks, subject, tag);
                }
            }
            done += CHUNK;
            int next = chunkNext[chunk];
            chunkNext[chunk] = freeChunk;
            freeChunk = chunk;
            chunk = next;
        }
        lowestBlock = Long.MAX_VALUE;
        if (blocked > 0) {
            // every block filed lies in (block, block + BLOCK_RING): the first non-empty slot after it is the next
            for (long next = block + 1; ; next++) {
                if (blockSlots[3 * (int) (next & BLOCK_MASK) + 2] > 0) {
                    lowestBlock = next;
                    break;
                }
            }
        }
    }

    /** A chunk from the free list (the last returned, likely still cached), or a new one. */
    private int takeChunk() {
        int chunk = freeChunk;
        if (chunk >= 0) {
            freeChunk = chunkNext[chunk];
        } else {
            chunk = chunksMade++;
            if (chunk == chunkNext.length) {
                if (chunk >= (Integer.MAX_VALUE - 8) / (3 * CHUNK) / 2) {
                    throw new IllegalStateException("an agenda's calendar holds at most " + chunk * CHUNK + " events");
                }
                int n = 2 * chunk;
                chunkNext = Arrays.copyOf(chunkNext, n);
                pool = Arrays.copyOf(pool, 3 * CHUNK * n);
                poolSubjects = Arrays.copyOf(poolSubjects, CHUNK * n);
            }
        }
        chunkNext[chunk] = -1;
        return chunk;
    }

    private void growLane() {
        int n = laneTags.length;
        if (n >= 1 << 29) {
            throw new IllegalStateException("an agenda's lane holds at most " + n + " events");
        }
        long[] keys = new long[4 * n];
        Object[] subjects = new Object[2 * n];
        int[] tags = new int[2 * n];
        for (int i = 0; i < laneSize; i++) {
            int from = (laneFirst + i) & (n - 1);
            keys[2 * i] = laneKeys[2 * from];
            keys[2 * i + 1] = laneKeys[2 * from + 1];
            subjects[i] = laneSubjects[from];
            tags[i] = laneTags[from];
        }
        laneKeys = keys;
        laneSubjects = subjects;
        laneTags = tags;
        laneFirst = 0;
    }
}
