package org.overbookd.engine;

import java.util.Arrays;

/**
 * The future events of a run, in a total order: time, then kind (a small number the model gives
 * each kind of event; the lower comes first at one instant, so a model decides by numbering its
 * kinds that, say, a freed resource is free for what arrives at the same time), then the order in
 * which the events were added. No two events compare equal, so the order of events handled never
 * depends on how the heap breaks ties: the same inputs and seeds replay the same history and write
 * the same bytes, on any JVM. Times compare as {@link Double#compare} does; a {@code long} clock
 * below 2^53 converts to {@code double} exactly and keeps its order.
 *
 * <p>Each event carries a subject (the VM, instance or server it is about; may be null) and an
 * {@code int} tag: a version the model compares with its own to recognise an event made stale by a
 * later change (events are never removed from the middle), or an index when the subject is a plain
 * number. Read the next event with {@link #time()}, {@link #kind()}, {@link #subject()} and
 * {@link #tag()}, then drop it with {@link #remove()}.
 *
 * <p>Kinds are 0 to {@link #MAX_KIND}; a queue takes at most 2^55 events in its life (some
 * thirty-six million billion: a year at a billion a second).
 *
 * <p>The queue is the serial heart of every model (a month of a Google cell adds some hundred
 * million events over about 125,000 pending ones), so its layout is chosen for the fewest memory
 * reads: a 4-ary min-heap, half as deep as a binary one, whose order lives in two {@code long}s per
 * event side by side in one array, so that one comparison reads one or two adjacent words and the
 * four children of an entry share one or two cache lines. The first word is the time's bits
 * mapped to a signed {@code long} that orders as {@link Double#compare} does (and gives the time
 * back exactly); the second is the kind above the addition number. The subject and tag move
 * alongside in their own arrays; the sift moves the entries it passes over one level and writes the
 * sifted entry once. No object per event.
 *
 * @param <S> the type of the events' subjects
 */
public final class EventQueue<S> {

    /** The highest kind an event may have; kinds are small constants or enum ordinals. */
    public static final int MAX_KIND = 255;

    /** The addition number takes the low bits of an event's second word, the kind those above. */
    private static final int SEQ_BITS = 55;

    private static final long SEQ_LIMIT = 1L << SEQ_BITS;
    private static final long SIGNLESS = 0x7fffffffffffffffL;
    /** Beyond this the keys array would pass the JVM's largest array. */
    private static final int MAX_CAPACITY = (Integer.MAX_VALUE - 8) / 2;

    /** Two words per event: [2i] the time's order key, [2i + 1] kind << SEQ_BITS | addition number. */
    private long[] keys;

    private Object[] subjects;
    private int[] tags;
    private int size;
    private long nextSeq;

    public EventQueue() {
        this(64);
    }

    /** @param capacity the number of events held before the arrays first grow */
    public EventQueue(int capacity) {
        int n = Math.min(Math.max(1, capacity), MAX_CAPACITY);
        keys = new long[2 * n];
        subjects = new Object[n];
        tags = new int[n];
    }

    /**
     * Whether an event at (t1, k1) added as number q1 comes before one at (t2, k2) added as q2: the
     * engine's order, for a model that merges a source of its own with the queue (see
     * {@link #before(double, int)}).
     */
    public static boolean before(double t1, int k1, long q1, double t2, int k2, long q2) {
        int c = Double.compare(t1, t2);
        if (c != 0) {
            return c < 0;
        }
        return k1 != k2 ? k1 < k2 : q1 < q2;
    }

    /**
     * Whether the next queued event comes before an event at (time, kind) held outside the queue,
     * which counts as added after every queued one (as if added now). True when the queue is not
     * empty and its next event is earlier, or at the same time of a lower kind, or of the same kind.
     */
    public boolean before(double time, int kind) {
        if (size == 0) {
            return false;
        }
        long t = timeKey(time);
        if (keys[0] != t) {
            // NaN has no key in the queue's order; Double.compare puts it after every time
            return Double.isNaN(time) || keys[0] < t;
        }
        return kind() <= kind;
    }

    /** Adds an event; NaN is not a time, and the kind is 0 to {@link #MAX_KIND}. */
    public void add(double time, int kind, S subject, int tag) {
        checkEvent(time, kind, nextSeq);
        insert(timeKey(time), orderKey(kind, nextSeq++), subject, tag);
    }

    /**
     * Adds an event already numbered by its owner ({@link Agenda}, which numbers the events of all
     * its parts in one sequence): {@code t} is its {@link #timeKey}, {@code ks} its
     * {@link #orderKey}. The caller keeps the numbers distinct; this queue's own are then unused.
     */
    void insert(long t, long ks, S subject, int tag) {
        if (size == tags.length) {
            grow();
        }
        long[] k = keys;
        Object[] s = subjects;
        int[] g = tags;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            long pt = k[2 * parent];
            long pks = k[2 * parent + 1];
            // stops at the first parent before it: an event added through add() has the highest addition
            // number, so it never passes an equal (time, kind); one inserted by an Agenda may be older
            if (t > pt || t == pt && ks > pks) {
                break;
            }
            k[2 * i] = pt;
            k[2 * i + 1] = pks;
            s[i] = s[parent];
            g[i] = g[parent];
            i = parent;
        }
        k[2 * i] = t;
        k[2 * i + 1] = ks;
        s[i] = subject;
        g[i] = tag;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }

    /** Time of the next event; +infinity when the queue is empty. */
    public double time() {
        return size == 0 ? Double.POSITIVE_INFINITY : timeOf(keys[0]);
    }

    /** Kind of the next event; only when not empty. */
    public int kind() {
        check();
        return (int) (keys[1] >>> SEQ_BITS);
    }

    /** Subject of the next event; only when not empty. */
    @SuppressWarnings("unchecked") // subjects are kept in Object arrays (no generic arrays); each was added as an S
    public S subject() {
        check();
        return (S) subjects[0];
    }

    /** Tag of the next event; only when not empty. */
    public int tag() {
        check();
        return tags[0];
    }

    /** Drops the next event; only when not empty. */
    public void remove() {
        check();
        long[] k = keys;
        Object[] s = subjects;
        int[] g = tags;
        int last = --size;
        long t = k[2 * last];
        long ks = k[2 * last + 1];
        Object subject = s[last];
        int tag = g[last];
        s[last] = null;
        if (last == 0) {
            return;
        }
        int i = 0;
        while (true) {
            int first = 4 * i + 1;
            if (first >= last || first < 0) { // first < 0: 4i + 1 passed 2^31, far beyond the last entry
                break;
            }
            int end = Math.min(first + 4, last);
            int m = first;
            long mt = k[2 * first];
            long mks = k[2 * first + 1];
            for (int c = first + 1; c < end; c++) {
                long ct = k[2 * c];
                if (ct < mt || ct == mt && k[2 * c + 1] < mks) {
                    m = c;
                    mt = ct;
                    mks = k[2 * c + 1];
                }
            }
            if (t < mt || t == mt && ks < mks) {
                break;
            }
            k[2 * i] = mt;
            k[2 * i + 1] = mks;
            s[i] = s[m];
            g[i] = g[m];
            i = m;
        }
        k[2 * i] = t;
        k[2 * i + 1] = ks;
        s[i] = subject;
        g[i] = tag;
    }

    /** The next event's {@link #timeKey}; only when not empty. */
    long headTimeKey() {
        return keys[0];
    }

    /** The next event's {@link #orderKey}; only when not empty. */
    long headOrderKey() {
        return keys[1];
    }

    /** An event's second word: its kind above its addition number, so it orders as kind then number. */
    static long orderKey(int kind, long seq) {
        return (long) kind << SEQ_BITS | seq;
    }

    /** The kind held in an {@link #orderKey}. */
    static int kindOf(long orderKey) {
        return (int) (orderKey >>> SEQ_BITS);
    }

    /**
     * Checks an event's time and kind as {@link #add} does, and that the numbers have not run out.
     */
    static void checkEvent(double time, int kind, long seq) {
        if (Double.isNaN(time)) {
            throw new IllegalArgumentException("an event needs a time, not NaN (kind " + kind + ")");
        }
        if (kind < 0 || kind > MAX_KIND) {
            throw new IllegalArgumentException("event kind " + kind + " is outside 0.." + MAX_KIND);
        }
        if (seq == SEQ_LIMIT) {
            throw new IllegalStateException("an event queue takes at most 2^" + SEQ_BITS + " events");
        }
    }

    /**
     * A time's bits as a signed {@code long} in the order of {@link Double#compare}: a positive
     * double's bits already order as its value; a negative one's (sign bit set, so below every
     * positive) order backwards, which flipping the 63 bits under the sign corrects. So -0.0 comes
     * just before 0.0 and -infinity first. The mapping is its own inverse.
     */
    static long timeKey(double time) {
        long bits = Double.doubleToRawLongBits(time);
        return bits ^ (bits >> 63 & SIGNLESS);
    }

    /** The time whose {@link #timeKey} this is, bit for bit. */
    static double timeOf(long key) {
        return Double.longBitsToDouble(key ^ (key >> 63 & SIGNLESS));
    }

    private void check() {
        if (size == 0) {
            throw new IllegalStateException("no event queued");
        }
    }

    private void grow() {
        int n = tags.length;
        if (n == MAX_CAPACITY) {
            throw new IllegalStateException("an event queue holds at most " + MAX_CAPACITY + " pending events");
        }
        n = (int) Math.min(2L * n, MAX_CAPACITY);
        keys = Arrays.copyOf(keys, 2 * n);
        subjects = Arrays.copyOf(subjects, n);
        tags = Arrays.copyOf(tags, n);
    }
}
