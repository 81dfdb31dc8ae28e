package org.overbookd.sim.slots;

/**
 * Free slots per server, to find the k-th free slot of a tier in a logarithm: a Fenwick tree over
 * the servers laid out tier by tier (server order within a tier). A uniform k then gives a uniformly
 * random free slot of the tier, which is what placing on "a randomly chosen slot" needs.
 */
final class FreeSlotIndex {

    private final int[] position;
    private final int[] serverAt;
    private final int[] tierStart;
    private final long[] tree;
    private final int highBit;
    private int total;

    FreeSlotIndex(Infrastructure infra) {
        int n = infra.servers();
        position = new int[n];
        serverAt = new int[n];
        tierStart = new int[infra.tiers() + 1];
        int next = 0;
        for (int tier = 0; tier < infra.tiers(); tier++) {
            tierStart[tier] = next;
            for (int s = 0; s < n; s++) {
                if (infra.tierOf(s) == tier) {
                    position[s] = next;
                    serverAt[next++] = s;
                }
            }
        }
        tierStart[infra.tiers()] = n;
        tree = new long[n + 1];
        highBit = Integer.highestOneBit(n);
        for (int s = 0; s < n; s++) {
            add(s, infra.server(s).slots());
        }
    }

    void take(int server) {
        add(server, -1);
    }

    void release(int server) {
        add(server, 1);
    }

    private void add(int server, int delta) {
        total += delta;
        for (int i = position[server] + 1; i < tree.length; i += i & -i) {
            tree[i] += delta;
        }
    }

    int free() {
        return total;
    }

    int free(int tier) {
        return (int) (prefix(tierStart[tier + 1]) - prefix(tierStart[tier]));
    }

    /** Free slots in the first {@code count} positions. */
    private long prefix(int count) {
        long sum = 0;
        for (int i = count; i > 0; i -= i & -i) {
            sum += tree[i];
        }
        return sum;
    }

    /** The server holding the k-th free slot (from 0) of a tier. */
    int server(int tier, int k) {
        if (k < 0 || k >= free(tier)) {
            throw new IndexOutOfBoundsException("free slot " + k + " of tier " + tier + ", which has " + free(tier));
        }
        long remaining = prefix(tierStart[tier]) + k;
        int pos = 0;
        for (int step = highBit; step > 0; step >>= 1) {
            int next = pos + step;
            if (next < tree.length && tree[next] <= remaining) {
                pos = next;
                remaining -= tree[next];
            }
        }
        return serverAt[pos];
    }
}
