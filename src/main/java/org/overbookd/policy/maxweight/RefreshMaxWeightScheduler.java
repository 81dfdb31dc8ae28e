package org.overbookd.policy.maxweight;

/**
 * {@code m14-central}: MaxWeight at local refresh times over the model's central per-type queues, the
 * reading of section 4.1 alone that this code base shipped as {@code m14} before it read the cited
 * paper; the cited M14, with VMs routed to per-server queues, is {@link RoutedRefreshScheduler}. A server picks a max-weight configuration when it is empty (a
 * local refresh time) and keeps it until it is empty again: a VM that leaves is replaced from its
 * type's queue, a slot no VM fills is reserved. It never stalls, so a server whose slots stay busy
 * never refreshes; that is Example 1's instability.
 *
 * <p>Kept as a variant: M14 routes each arrival to a server's own queue (join the shortest queue);
 * this one keeps the central per-type queues of the model, the same thing for one server (Example 1),
 * and with many servers a much stronger baseline than the cited one, since no VM waits at a busy
 * server while another could take it. The
 * configuration is exact MaxWeight unless the solver given is another.
 */
public final class RefreshMaxWeightScheduler extends FixedConfigurationScheduler {

    public RefreshMaxWeightScheduler(ConfigurationSolver solver, Padding padding) {
        super(solver, padding);
    }

    @Override
    public String name() {
        return "m14-central";
    }

    @Override
    protected void afterDeparture(PlannedStarts cluster, int server, int type) {
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
    protected void queued(PlannedStarts cluster, int type) {
        resetEmptyServers(cluster, 1.0);
    }
}
