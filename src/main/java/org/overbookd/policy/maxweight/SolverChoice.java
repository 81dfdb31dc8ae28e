package org.overbookd.policy.maxweight;

import java.util.Locale;

/** Which {@link ConfigurationSolver} to use: the command line's --solver. */
public enum SolverChoice {
    /** Exact when every server's table is within the exact solver's limit, else greedy. The default. */
    AUTO,
    EXACT,
    GREEDY;

    /**
     * The solver for this cluster.
     *
     * @throws IllegalArgumentException when EXACT is asked for a server too large for it
     */
    public ConfigurationSolver resolve(TypedView cluster) {
        if (this == GREEDY) {
            return new GreedySolver();
        }
        ExactSolver exact = new ExactSolver();
        for (ServerShape shape : ServerShape.all(cluster)) {
            if (!exact.accepts(shape)) {
                if (this == AUTO) {
                    return new GreedySolver();
                }
                throw new IllegalArgumentException("the exact solver would need " + shape.dpStates()
                        + " table cells for a server, more than its limit of " + ExactSolver.DEFAULT_STATE_LIMIT
                        + "; use --solver greedy");
            }
        }
        return exact;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
