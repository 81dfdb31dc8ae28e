package org.overbookd.sim.types;

/**
 * One FIFO queue per VM type, each a growable ring of (arrival time, service time) in primitive
 * arrays: under an unstable policy (M14 in Example 1) millions of VMs wait, and boxing each would
 * dominate the run.
 */
final class TypeQueues {

    private final Ring[] rings;
    private long total;

    TypeQueues(int types) {
        rings = new Ring[types];
        for (int j = 0; j < types; j++) {
            rings[j] = new Ring();
        }
    }

    void add(int type, double arrival, double service) {
        rings[type].add(arrival, service);
        total++;
    }

    long size(int type) {
        return rings[type].size;
    }

    long total() {
        return total;
    }

    /** Arrival time of the oldest VM of this type; NaN when none waits. */
    double oldestArrival(int type) {
        Ring ring = rings[type];
        return ring.size == 0 ? Double.NaN : ring.arrival[ring.head];
    }

    /** Arrival time of the k-th oldest VM of this type (0 the oldest); NaN when no more than k wait. */
    double arrival(int type, long k) {
        Ring ring = rings[type];
        return k >= ring.size ? Double.NaN : ring.arrival[(int) ((ring.head + k) & (ring.arrival.length - 1))];
    }

    /** Service time of the oldest VM of this type. */
    double oldestService(int type) {
        Ring ring = rings[type];
        return ring.service[ring.head];
    }

    void removeOldest(int type) {
        Ring ring = rings[type];
        if (ring.size == 0) {
            throw new IllegalStateException("no VM of type " + type + " waits");
        }
        ring.head = (ring.head + 1) & (ring.arrival.length - 1);
        ring.size--;
        total--;
    }

    private static final class Ring {
        double[] arrival = new double[16];
        double[] service = new double[16];
        int head;
        int size;

        void add(double a, double s) {
            if (size == arrival.length) {
                grow();
            }
            int tail = (head + size) & (arrival.length - 1);
            arrival[tail] = a;
            service[tail] = s;
            size++;
        }

        private void grow() {
            double[] a = new double[arrival.length * 2];
            double[] s = new double[arrival.length * 2];
            for (int i = 0; i < size; i++) {
                a[i] = arrival[(head + i) & (arrival.length - 1)];
                s[i] = service[(head + i) & (arrival.length - 1)];
            }
            arrival = a;
            service = s;
            head = 0;
        }
    }
}
