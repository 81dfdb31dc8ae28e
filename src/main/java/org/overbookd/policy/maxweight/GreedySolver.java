package org.overbookd.policy.maxweight;

import java.util.Arrays;

/**
 * The greedy knapsack approximation: rank the types with a queue by density Q_j / s_j, where
 * s_j = sum_r a_jr / C_r is the type's footprint (its share of each resource, summed), and take as
 * many VMs of each type in that order as still fit. J log J per server, no table.
 *
 * <p><b>Ratio r = 1/(2R)</b>, R the number of resources left by {@link ServerShape}'s reductions
 * (1/2 for one binding resource, which covers the paper's examples and section 4.2; 1/4 for CPU
 * and memory that both bind). Proof: every feasible k has sum_j k_j s_j = sum_r sum_j k_j a_jr/C_r
 * &lt;= R, so f(k, Q) = sum_j k_j s_j (Q_j/s_j) &lt;= R d, d the best density. The greedy takes
 * n = floor(1/m) VMs of the densest type first, m = max_r a_r/C_r &lt;= s its largest share; n m
 * &gt;= 1/2 (n = 1 when m &gt; 1/2, else floor(x) &gt;= x/2 for x &gt;= 1), so it gets at least
 * n s d &gt;= n m d &gt;= d/2 &gt;= f(k, Q) / (2R). The paper points to a greedy algorithm without
 * giving it here (its details are in the full version [3], which we did not have): this one and its
 * ratio are ours. With it the paper lets beta go up to 1 rather than r.
 */
public final class GreedySolver implements ConfigurationSolver {

    private int[] order = new int[0];
    private double[] density = new double[0];

    @Override
    public String name() {
        return "greedy";
    }

    @Override
    public double ratio(ServerShape shape) {
        return 1.0 / (2 * shape.dimensions());
    }

    @Override
    public long solve(ServerShape shape, long[] queues, int[] out) {
        Arrays.fill(out, 0);
        int types = shape.types();
        if (order.length < types) {
            order = new int[types];
            density = new double[types];
        }
        int count = 0;
        for (int j = 0; j < types; j++) {
            if (shape.fits(j) && queues[j] > 0) {
                density[j] = queues[j] / shape.footprint(j);
                order[count++] = j;
            }
        }
        // insertion sort, stable (lower index first on equal density): J is small
        for (int i = 1; i < count; i++) {
            int j = order[i];
            int p = i - 1;
            while (p >= 0 && density[order[p]] < density[j]) {
                order[p + 1] = order[p];
                p--;
            }
            order[p + 1] = j;
        }
        long[] residual = shape.capacityCopy();
        long weight = 0;
        for (int i = 0; i < count; i++) {
            int j = order[i];
            long n = shape.copies(j, residual);
            if (n > 0) {
                out[j] = Math.toIntExact(n);
                weight += n * queues[j];
                for (int r = 0; r < residual.length; r++) {
                    residual[r] -= n * shape.demand(j, r);
                }
            }
        }
        return weight;
    }
}
