package org.overbookd.sim.types;

import java.util.SplittableRandom;

/**
 * The relative frequencies of the types p0 .. p{levels} of a generated trace, and a task's size
 * drawn by them: a type pK, its size log-uniform within (1/2^(K+1), 1/2^K], one of CPU and memory
 * (at even odds) that size and the other 25% to 100% of it. One rule for every generated trace.
 */
final class TypeWeights {

    private TypeWeights() {}

    /** A copy of the weights, refused when one is negative or not a number or when they sum to 0. */
    static double[] checked(double[] weights) {
        double[] w = weights.clone();
        double sum = 0;
        for (double x : w) {
            if (!(x >= 0)) {
                throw new IllegalArgumentException("type weights must be non-negative");
            }
            sum += x;
        }
        if (w.length == 0 || !(sum > 0)) {
            throw new IllegalArgumentException("type weights must not all be zero");
        }
        return w;
    }

    static double total(double[] weights) {
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        return total;
    }

    /** The type K drawn by the weights (one draw of {@code r}); {@code total} is their sum. */
    static int type(double[] weights, double total, SplittableRandom r) {
        double u = r.nextDouble() * total;
        int k = 0;
        while (k < weights.length - 1 && u >= weights[k]) {
            u -= weights[k++];
        }
        return k;
    }

    /** {cpu, memory} of a task of type K (three draws of {@code r}). */
    static double[] size(int k, SplittableRandom r) {
        double size = StrictMath.pow(2, -(k + r.nextDouble()));
        double other = size * (0.25 + 0.75 * r.nextDouble());
        boolean cpuIsLarger = r.nextBoolean();
        return cpuIsLarger ? new double[] {size, other} : new double[] {other, size};
    }
}
