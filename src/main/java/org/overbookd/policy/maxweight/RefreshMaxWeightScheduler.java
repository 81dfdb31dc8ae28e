package org.overbookd.policy.maxweight;

/**
 * The M14 baseline: MaxWeight at local refresh times (Maguluri and Srikant, 2014), as Psychas and
 * Ghaderi describe it in section 4.1. A server picks a max-weight configuration when it is empty (a
 * local refresh time) and keeps it until it is empty again: a VM that leaves is replaced from its
 * type's queue, a slot no VM fills is reserved. It never stalls, so a server whose slots stay busy
 * never refreshes; that is Example 1's instability.
 *
 * <p>Guesses, since we follow the paper's account rather than M14 itself: M14 routes each arrival to
 * a server's own queue (join the shortest queue); we keep the central per-type queues of our model,
 * which is the same thing for one server (Example 1) and what the paper's own algorithm uses. The
 * configuration is exact MaxWeight unless the solver given is another.
 */
public final class RefreshMaxWeightScheduler extends FixedConfigurationScheduler {

    public RefreshMaxWeightScheduler(ConfigurationSolver solver, Padding padding) {
        super(solver, padding);
    }

    @Override
    public String name() {
        return "m14";
    }

    @Override
    protected void afterDeparture(Plan cluster, int server, int type) {
        refill(cluster, server, type);
        if (cluster.isEmpty(server)) {
            activate(cluster, server);
        }
    }

    /**
     * A server is at a local refresh time for as long as it is empty, not just at the instant it
     * empties: when an arrival has to queue, an empty server whose configuration is no longer a
     * max-weight one picks a new one.
     */
    @Override
    protected void queued(Plan cluster, int type) {
        resetEmptyServers(cluster, 1.0);
    }
}
