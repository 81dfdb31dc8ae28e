package org.overbookd.policy.maxweight;

import java.util.Arrays;

/**
 * The exact max-weight configuration (r = 1) by dynamic programming over the multi-dimensional
 * unbounded knapsack: best[c] = max(0, max_j best[c - a_j] + Q_j) over every capacity vector c below
 * the server's, stored in mixed-radix order so that c - a_j always comes before c. Time and memory are
 * prod_r (C_r + 1) cells times the number of types with a queue, so this is for small instances; the
 * reductions of {@link ServerShape} make the paper's examples and the section 4.2 types tiny (7, 9
 * and 129 cells).
 */
public final class ExactSolver implements ConfigurationSolver {

    /** 4 Mi cells (48 MiB of tables): beyond that the greedy solver is the sensible choice. */
    public static final long DEFAULT_STATE_LIMIT = 1L << 22;

    private final long stateLimit;
    private long[] best = new long[0];
    private int[] choice = new int[0];
    private int[] active = new int[0];
    private long[] offset = new long[0];

    public ExactSolver() {
        this(DEFAULT_STATE_LIMIT);
    }

    public ExactSolver(long stateLimit) {
        this.stateLimit = stateLimit;
    }

    /** Whether this solver accepts the shape (its table is within the limit). */
    public boolean accepts(ServerShape shape) {
        return shape.dpStates() <= stateLimit;
    }

    @Override
    public String name() {
        return "exact";
    }

    @Override
    public double ratio(ServerShape shape) {
        return 1.0;
    }

    @Override
    public long solve(ServerShape shape, long[] queues, int[] out) {
        if (!accepts(shape)) {
            throw new IllegalArgumentException("the exact solver needs " + shape.dpStates()
                    + " table cells for this server, more than its limit of " + stateLimit);
        }
        Arrays.fill(out, 0);
        int n = (int) shape.dpStates();
        int dims = shape.dimensions();
        int count = prepare(shape, queues, dims);
        if (count == 0) {
            return 0;
        }
        if (best.length < n) {
            best = new long[n];
            choice = new int[n];
        }
        fill(shape, queues, n, dims, count);
        long weight = best[n - 1];
        for (int i = n - 1; choice[i] >= 0; i -= (int) offset[indexOf(choice[i], count)]) {
            out[choice[i]]++;
        }
        return weight;
    }

    /** Lists the types worth placing (they fit and have a queue) with their offset in the table. */
    private int prepare(ServerShape shape, long[] queues, int dims) {
        int types = shape.types();
        if (active.length < types) {
            active = new int[types];
            offset = new long[types];
        }
        int count = 0;
        for (int j = 0; j < types; j++) {
            if (shape.fits(j) && queues[j] > 0) {
                long stride = 1;
                long off = 0;
                for (int r = 0; r < dims; r++) {
                    off += shape.demand(j, r) * stride;
                    stride *= shape.capacity(r) + 1;
                }
                active[count] = j;
                offset[count] = off;
                count++;
            }
        }
        return count;
    }

    private int indexOf(int type, int count) {
        for (int a = 0; a < count; a++) {
            if (active[a] == type) {
                return a;
            }
        }
        throw new IllegalStateException("type " + type + " not in the table");
    }

    /**
     * The table, one type at a time (the unbounded knapsack needs no particular order of types):
     * for type j, every cell c with c &gt;= a_j improves on best[c - a_j] + Q_j. Cells are visited
     * row by row along the first resource, so the inner loop is a plain run over an array with no
     * bounds test per resource; that is what makes 16,705 cells times 8 types take well under a
     * millisecond. A cell records the type that last improved it, which is always a type on an
     * optimal path: if best[c - a_j] rose later, best[c] would have risen with it.
     */
    private void fill(ServerShape shape, long[] queues, int n, int dims, int count) {
        Arrays.fill(best, 0, n, 0);
        Arrays.fill(choice, 0, n, -1);
        long[] stride = new long[dims];
        long[] corner = new long[dims];
        long[] at = new long[dims];
        stride[0] = 1;
        for (int r = 1; r < dims; r++) {
            stride[r] = stride[r - 1] * (shape.capacity(r - 1) + 1);
        }
        long width = shape.capacity(0);
        for (int a = 0; a < count; a++) {
            int j = active[a];
            int off = (int) offset[a];
            long q = queues[j];
            for (int r = 0; r < dims; r++) {
                corner[r] = shape.demand(j, r);
                at[r] = corner[r];
            }
            while (true) {
                int base = 0;
                for (int r = 1; r < dims; r++) {
                    base += (int) (at[r] * stride[r]);
                }
                for (int i = base + (int) corner[0], end = base + (int) width; i <= end; i++) {
                    long v = best[i - off] + q;
                    if (v > best[i]) {
                        best[i] = v;
                        choice[i] = j;
                    }
                }
                int r = 1;
                while (r < dims && ++at[r] > shape.capacity(r)) {
                    at[r] = corner[r];
                    r++;
                }
                if (r == dims) {
                    break;
                }
            }
        }
    }
}
