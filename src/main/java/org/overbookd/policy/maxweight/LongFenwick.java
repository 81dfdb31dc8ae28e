package org.overbookd.policy.maxweight;

/**
 * Prefix sums of non-negative longs with O(log n) update and weighted choice: picking a server with
 * probability proportional to its weight among thousands, after every event, without a scan. Longs
 * rather than doubles so that adding and taking away leave no rounding residue over millions of updates.
 */
final class LongFenwick {

    private final long[] tree;
    private long total;

    LongFenwick(int size) {
        tree = new long[size + 1];
    }

    void add(int index, long delta) {
        total += delta;
        for (int i = index + 1; i < tree.length; i += i & -i) {
            tree[i] += delta;
        }
    }

    long total() {
        return total;
    }

    /** The index i with prefix(i) &lt;= target &lt; prefix(i + 1), for 0 &lt;= target &lt; total(). */
    int find(long target) {
        int index = 0;
        for (int step = Integer.highestOneBit(tree.length - 1); step > 0; step >>= 1) {
            int next = index + step;
            if (next < tree.length && tree[next] <= target) {
                index = next;
                target -= tree[next];
            }
        }
        return index;
    }
}
