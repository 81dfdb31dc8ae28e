package org.overbookd.engine;

import java.util.Arrays;

/**
 * The engine's queue as it was before issue 15 (a binary heap in five parallel arrays), kept in
 * test scope only as the "before" of {@link EventQueueBenchmark}. Same order, same API.
 *
 * @param <S> the type of the events' subjects
 */
final class BinaryEventQueue<S> {

    private double[] times;
    private int[] kinds;
    private long[] seqs;
    private Object[] subjects;
    private int[] tags;
    private int size;
    private long nextSeq;

    BinaryEventQueue() {
        this(64);
    }

    /** @param capacity the number of events held before the arrays first grow */
    BinaryEventQueue(int capacity) {
        int n = Math.max(1, capacity);
        times = new double[n];
        kinds = new int[n];
        seqs = new long[n];
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
        return size > 0 && before(times[0], kinds[0], seqs[0], time, kind, Long.MAX_VALUE);
    }

    /** Adds an event; NaN is not a time. */
    public void add(double time, int kind, S subject, int tag) {
        if (Double.isNaN(time)) {
            throw new IllegalArgumentException("an event needs a time, not NaN (kind " + kind + ")");
        }
        if (size == times.length) {
            grow();
        }
        long seq = nextSeq++;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(time, kind, seq, times[parent], kinds[parent], seqs[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, time, kind, seq, subject, tag);
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }

    /** Time of the next event; +infinity when the queue is empty. */
    public double time() {
        return size == 0 ? Double.POSITIVE_INFINITY : times[0];
    }

    /** Kind of the next event; only when not empty. */
    public int kind() {
        check();
        return kinds[0];
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
        int last = --size;
        double t = times[last];
        int k = kinds[last];
        long q = seqs[last];
        Object s = subjects[last];
        int g = tags[last];
        subjects[last] = null;
        if (last == 0) {
            return;
        }
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= last) {
                break;
            }
            int right = child + 1;
            if (right < last
                    && before(times[right], kinds[right], seqs[right], times[child], kinds[child], seqs[child])) {
                child = right;
            }
            if (!before(times[child], kinds[child], seqs[child], t, k, q)) {
                break;
            }
            move(child, i);
            i = child;
        }
        set(i, t, k, q, s, g);
    }

    private void check() {
        if (size == 0) {
            throw new IllegalStateException("no event queued");
        }
    }

    private void grow() {
        int n = times.length * 2;
        times = Arrays.copyOf(times, n);
        kinds = Arrays.copyOf(kinds, n);
        seqs = Arrays.copyOf(seqs, n);
        subjects = Arrays.copyOf(subjects, n);
        tags = Arrays.copyOf(tags, n);
    }

    private void move(int from, int to) {
        set(to, times[from], kinds[from], seqs[from], subjects[from], tags[from]);
    }

    private void set(int i, double t, int k, long q, Object s, int g) {
        times[i] = t;
        kinds[i] = k;
        seqs[i] = q;
        subjects[i] = s;
        tags[i] = g;
    }
}
