package org.overbookd.policy.maxweight;

/**
 * Finds an r-max weight configuration (Definition 2 of the paper) for one server: a feasible k with
 * f(k, Q) &gt;= r f(k', Q) for every feasible k'. Algorithm 1 calls it when a server starts an active
 * period and, for condition (4), at every departure from an active server.
 *
 * <p>Implementations keep scratch space between calls, so one instance serves one simulation (one
 * thread) at a time.
 */
public interface ConfigurationSolver {

    /** exact or greedy, as written to summary.csv. */
    String name();

    /**
     * Writes a configuration into {@code out} (length J; every entry is overwritten) and returns its
     * weight f(out, queues). Only types with a positive queue are placed: padding with empty slots is
     * a separate, weight-neutral step ({@link Padding}).
     */
    long solve(ServerShape shape, long[] queues, int[] out);

    /** The r this solver guarantees on this shape: 1 for the exact one. */
    double ratio(ServerShape shape);
}
