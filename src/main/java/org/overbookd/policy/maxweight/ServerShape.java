package org.overbookd.policy.maxweight;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One server's configuration problem, reduced once so that solving it per departure is cheap: the
 * multi-dimensional unbounded knapsack "choose k_j VMs of each type j with sum_j k_j a_j <= C
 * maximizing sum_j Q_j k_j" (Definition 2 of the paper, weights from Definition 1).
 *
 * <p>Three reductions, each exact (the set of feasible configurations does not change):
 * <ol>
 *   <li>types that do not fit an empty server are left out (their k_j is always 0);</li>
 *   <li>a resource whose normalized demand a_jr/C_r is, for every fitting type, at most that of
 *       another kept resource can never bind and is dropped; identical columns keep the first. The
 *       section 4.2 types (one size for CPU and memory) so become one-dimensional;</li>
 *   <li>each kept resource is divided by the gcd g of the demands on it, and its capacity becomes
 *       floor(C/g): sum k_j a_j &lt;= C and sum k_j (a_j/g) &lt;= floor(C/g) have the same integer
 *       solutions. Memory in MiB with VMs in whole GiB then costs 1,024 times fewer DP states.</li>
 * </ol>
 */
public final class ServerShape {

    private final int types;
    private final boolean[] fits;
    private final long[] capacity;
    private final long[][] demand;
    private final double[] footprint;
    private final long states;

    private ServerShape(int types, boolean[] fits, long[] capacity, long[][] demand) {
        this.types = types;
        this.fits = fits;
        this.capacity = capacity;
        this.demand = demand;
        this.footprint = new double[types];
        long n = 1;
        for (long c : capacity) {
            n = c + 1 > 0 && n <= Long.MAX_VALUE / (c + 1) ? n * (c + 1) : Long.MAX_VALUE;
        }
        this.states = n;
        for (int j = 0; j < types; j++) {
            if (fits[j]) {
                for (int r = 0; r < capacity.length; r++) {
                    footprint[j] += (double) demand[j][r] / capacity[r];
                }
            }
        }
    }

    /** The shapes of every server of the cluster; servers with equal capacities share one. */
    public static ServerShape[] all(TypedView cluster) {
        Map<List<Long>, ServerShape> seen = new HashMap<>();
        ServerShape[] shapes = new ServerShape[cluster.servers()];
        for (int s = 0; s < shapes.length; s++) {
            List<Long> key = new ArrayList<>();
            for (int r = 0; r < cluster.resources(); r++) {
                key.add(cluster.capacity(s, r));
            }
            final int server = s;
            shapes[s] = seen.computeIfAbsent(key, k -> of(cluster, server));
        }
        return shapes;
    }

    /** The shape of server {@code server} of the cluster. */
    public static ServerShape of(TypedView cluster, int server) {
        long[] cap = new long[cluster.resources()];
        long[][] dem = new long[cluster.types()][cluster.resources()];
        for (int r = 0; r < cap.length; r++) {
            cap[r] = cluster.capacity(server, r);
            for (int j = 0; j < dem.length; j++) {
                dem[j][r] = cluster.demand(j, r);
            }
        }
        return of(cap, dem);
    }

    /**
     * @param capacity capacity[r] of the server, positive
     * @param demands  demands[j][r] of each type, non-negative, not all zero for a type
     */
    public static ServerShape of(long[] capacity, long[][] demands) {
        int resources = capacity.length;
        int types = demands.length;
        boolean[] fits = new boolean[types];
        for (int j = 0; j < types; j++) {
            long total = 0;
            boolean ok = true;
            for (int r = 0; r < resources; r++) {
                if (demands[j][r] < 0 || capacity[r] <= 0) {
                    throw new IllegalArgumentException("negative demand or non-positive capacity");
                }
                total += demands[j][r];
                ok &= demands[j][r] <= capacity[r];
            }
            if (total == 0) {
                throw new IllegalArgumentException(
                        "type " + j + " demands nothing: a server would hold infinitely many");
            }
            fits[j] = ok;
        }
        List<Integer> kept = keptResources(capacity, demands, fits);
        long[] cap = new long[kept.size()];
        long[][] dem = new long[types][kept.size()];
        for (int i = 0; i < kept.size(); i++) {
            int r = kept.get(i);
            long g = 0;
            for (int j = 0; j < types; j++) {
                if (fits[j]) {
                    g = gcd(g, demands[j][r]);
                }
            }
            g = Math.max(g, 1);
            cap[i] = capacity[r] / g;
            for (int j = 0; j < types; j++) {
                dem[j][i] = fits[j] ? demands[j][r] / g : 0;
            }
        }
        return new ServerShape(types, fits, cap, dem);
    }

    /** Resources that may bind: those not dominated by an earlier kept one (see the class comment). */
    private static List<Integer> keptResources(long[] capacity, long[][] demands, boolean[] fits) {
        List<Integer> kept = new ArrayList<>();
        for (int r = 0; r < capacity.length; r++) {
            boolean dominated = false;
            for (int k : kept) {
                dominated |= dominates(k, r, capacity, demands, fits);
            }
            if (!dominated) {
                final int added = r;
                kept.removeIf(k -> dominates(added, k, capacity, demands, fits));
                kept.add(r);
            }
        }
        if (kept.isEmpty()) {
            kept.add(0);
        }
        return kept;
    }

    /** Whether resource a binds whenever resource b does: a_ja / C_a >= a_jb / C_b for every fitting j. */
    private static boolean dominates(int a, int b, long[] capacity, long[][] demands, boolean[] fits) {
        for (int j = 0; j < demands.length; j++) {
            if (fits[j] && compareProducts(demands[j][a], capacity[b], demands[j][b], capacity[a]) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Compares x1 * y1 with x2 * y2 exactly, all four non-negative (128-bit products, no overflow). */
    private static int compareProducts(long x1, long y1, long x2, long y2) {
        int high = Long.compare(Math.multiplyHigh(x1, y1), Math.multiplyHigh(x2, y2));
        return high != 0 ? high : Long.compareUnsigned(x1 * y1, x2 * y2);
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    public int types() {
        return types;
    }

    /** Resources left after the reductions: the R that the greedy ratio 1/(2R) counts. */
    public int dimensions() {
        return capacity.length;
    }

    public boolean fits(int type) {
        return fits[type];
    }

    long capacity(int dimension) {
        return capacity[dimension];
    }

    long demand(int type, int dimension) {
        return demand[type][dimension];
    }

    /** sum over kept resources of a_jr / C_r: the size the greedy ranks by. 0 for types that do not fit. */
    double footprint(int type) {
        return footprint[type];
    }

    /** Cells of the exact solver's table, prod_r (C_r + 1); Long.MAX_VALUE when that overflows. */
    public long dpStates() {
        return states;
    }

    /** Greatest number of VMs of this type that fit in the given residual capacity (reduced units). */
    long copies(int type, long[] residual) {
        long n = Long.MAX_VALUE;
        for (int r = 0; r < capacity.length; r++) {
            if (demand[type][r] > 0) {
                n = Math.min(n, residual[r] / demand[type][r]);
            }
        }
        return n;
    }

    /** A copy of the capacity, to be used up by a solver. */
    long[] capacityCopy() {
        return capacity.clone();
    }

    /** f(k, Q) = sum_j Q_j k_j, Definition 1 of the paper. */
    public static long weight(int[] configuration, long[] queues) {
        long f = 0;
        for (int j = 0; j < configuration.length; j++) {
            f += queues[j] * configuration[j];
        }
        return f;
    }

    /**
     * An upper bound on the weight of every feasible configuration, cheap enough to test before
     * solving: each resource alone is a knapsack whose LP bound is C_r max_j Q_j / a_jr, and the sum
     * of the normalized constraints gives R max_j Q_j / footprint_j. The least of them.
     */
    public double upperBound(long[] queues) {
        double best = Double.POSITIVE_INFINITY;
        double density = 0;
        for (int r = 0; r < capacity.length; r++) {
            double perUnit = 0;
            for (int j = 0; j < types; j++) {
                if (fits[j] && queues[j] > 0) {
                    perUnit = demand[j][r] == 0
                            ? Double.POSITIVE_INFINITY
                            : Math.max(perUnit, (double) queues[j] / demand[j][r]);
                }
            }
            best = Math.min(best, perUnit * capacity[r]);
        }
        for (int j = 0; j < types; j++) {
            if (fits[j] && queues[j] > 0) {
                density = Math.max(density, queues[j] / footprint[j]);
            }
        }
        return Math.min(best, density * capacity.length);
    }
}
