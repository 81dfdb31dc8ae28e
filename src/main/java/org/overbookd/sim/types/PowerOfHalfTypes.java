package org.overbookd.sim.types;

import java.util.ArrayList;
import java.util.List;

/**
 * The typing of section 4.2: a task's size is the larger of its normalized CPU and memory requests,
 * rounded up to the nearest power of 1/2, and every task of one size is one type. Sizes below
 * 1/2^levels count as 1/2^levels (the paper's levels = 7: smaller tasks are under 1% of requests).
 * Type pK holds the tasks of size 1/2^K. In integer units a unit server is 2^levels of CPU and of
 * memory, and type pK needs 2^(levels-K) of each (its size in both resources, as the paper's single
 * size implies).
 */
public final class PowerOfHalfTypes {

    private final int levels;

    public PowerOfHalfTypes(int levels) {
        if (levels < 0 || levels > 30) {
            throw new IllegalArgumentException("levels must be 0 to 30");
        }
        this.levels = levels;
    }

    public int levels() {
        return levels;
    }

    /** The type of a task of this size (0 &lt;= size &lt;= 1): the K with 1/2^(K+1) &lt; size &lt;= 1/2^K, at most levels. */
    public int typeOf(double size) {
        int k = 0;
        while (k < levels && size <= Math.scalb(1.0, -(k + 1))) {
            k++;
        }
        return k;
    }

    public int typeOf(GoogleTask task) {
        return typeOf(Math.max(task.cpu(), task.memory()));
    }

    /** Units of CPU (and of memory) of a unit server. */
    public long unitsPerServer() {
        return 1L << levels;
    }

    /**
     * The types p0 (size 1) to p{levels}, each with the observed arrival rate and one over the
     * observed mean service time of its tasks (mu = 1/mean over all tasks for a type with none).
     */
    public List<VmType> types(List<GoogleTask> tasks, double span) {
        int n = levels + 1;
        long[] count = new long[n];
        double[] service = new double[n];
        double all = 0;
        for (GoogleTask t : tasks) {
            int k = typeOf(t);
            count[k]++;
            service[k] += t.service();
            all += t.service();
        }
        double overallMu = tasks.isEmpty() || all == 0 ? 1 : tasks.size() / all;
        List<VmType> types = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            long units = 1L << (levels - k);
            double mu = count[k] > 0 && service[k] > 0 ? count[k] / service[k] : overallMu;
            types.add(new VmType("p" + k, new long[] {units, units}, span > 0 ? count[k] / span : 0, mu));
        }
        return types;
    }
}
