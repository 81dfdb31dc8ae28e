package org.overbookd.sim.types;

import java.util.Arrays;

/**
 * The running VMs by departure time: a binary min-heap in primitive arrays ordered by (time,
 * sequence), the sequence being the order of starts, so equal times leave in a fixed order. One
 * entry per running VM and no object per event: the engine's hot loop for ten million arrivals.
 */
final class DepartureHeap {

    private double[] time = new double[64];
    private long[] seq = new long[64];
    private int[] server = new int[64];
    private int[] type = new int[64];
    private int size;
    private long nextSeq;

    int size() {
        return size;
    }

    /** Time of the earliest departure; +infinity when none is due. */
    double peekTime() {
        return size == 0 ? Double.POSITIVE_INFINITY : time[0];
    }

    int peekServer() {
        return server[0];
    }

    int peekType() {
        return type[0];
    }

    void add(double t, int s, int j) {
        if (size == time.length) {
            int n = size * 2;
            time = Arrays.copyOf(time, n);
            seq = Arrays.copyOf(seq, n);
            server = Arrays.copyOf(server, n);
            type = Arrays.copyOf(type, n);
        }
        int i = size++;
        long q = nextSeq++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(t, q, time[parent], seq[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, t, q, s, j);
    }

    void removeFirst() {
        int last = --size;
        if (last == 0) {
            return;
        }
        double t = time[last];
        long q = seq[last];
        int s = server[last];
        int j = type[last];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= last) {
                break;
            }
            if (child + 1 < last && before(time[child + 1], seq[child + 1], time[child], seq[child])) {
                child++;
            }
            if (!before(time[child], seq[child], t, q)) {
                break;
            }
            move(child, i);
            i = child;
        }
        set(i, t, q, s, j);
    }

    /** Whether (t1, q1) comes before (t2, q2): earlier time, then earlier start. */
    private static boolean before(double t1, long q1, double t2, long q2) {
        return t1 < t2 || (t1 == t2 && q1 < q2);
    }

    private void move(int from, int to) {
        set(to, time[from], seq[from], server[from], type[from]);
    }

    private void set(int i, double t, long q, int s, int j) {
        time[i] = t;
        seq[i] = q;
        server[i] = s;
        type[i] = j;
    }
}
