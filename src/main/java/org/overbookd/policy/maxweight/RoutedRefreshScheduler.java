package org.overbookd.policy.maxweight;

import java.util.Arrays;

/**
 * M14 as Psychas and Ghaderi cite it: MaxWeight at local refresh times (Maguluri and Srikant, 2014),
 * where "jobs are first routed to one of the servers when they arrive and are queued at the servers".
 * Each server keeps its own queue per type. An arrival of type j goes to a server with a free slot of
 * its type if one has one (such a server's own type-j queue is empty, so it is among the shortest),
 * otherwise to the server with the shortest type-j queue among those it fits (join the shortest queue;
 * ties to an empty server, then the lowest number). A server refreshes when it is empty: it picks a
 * max-weight configuration for its own queues (padded per {@link Padding}) and keeps it until it is
 * empty again; a VM that leaves is replaced from the server's own queue of its type, or its slot is
 * reserved. An empty server whose own queues are empty holds no configuration and refreshes when a
 * VM is routed to it. It never stalls, so a busy server never refreshes: Example 1's instability; and
 * a VM routed to a busy server waits there while another server may be free: why M14 deteriorates as
 * servers scale down.
 *
 * <p>What the model keeps is the paper's central per-type FIFO: the scheduler tracks how many VMs
 * of each type wait at each server, and a start takes the oldest waiting VM of that type, which may
 * be one routed elsewhere. Queue sizes (and so mean_queue) are exact; mean_delay is then the wait of
 * the VMs in the cluster-wide order, not of the routed ones.
 */
public final class RoutedRefreshScheduler extends EventHooks {

    private final ConfigurationSolver solver;
    private final Padding padding;
    private ServerShape[] shapes;
    private int[][] configuration;
    private EmptySlots slots;
    /** VMs waiting at each server, per type: local[server][type]. */
    private long[][] local;

    private long resets;

    public RoutedRefreshScheduler(ConfigurationSolver solver, Padding padding) {
        this.solver = solver;
        this.padding = padding;
    }

    @Override
    public String name() {
        return "m14";
    }

    @Override
    void begin(PlannedStarts cluster, double now) {
        int servers = cluster.servers();
        int types = cluster.types();
        shapes = ServerShape.all(cluster);
        configuration = new int[servers][types];
        slots = new EmptySlots(servers, types);
        local = new long[servers][types];
    }

    @Override
    void arrived(PlannedStarts cluster, int type, double now) {
        int server = slots.first(type);
        if (server >= 0) {
            slots.take(server, type);
            cluster.start(server, type);
            return;
        }
        server = shortestQueue(cluster, type);
        local[server][type]++;
        if (cluster.isEmpty(server)) {
            refresh(cluster, server);
        }
    }

    /** The server with the shortest queue of this type among those it fits; ties to an empty one, then the lowest number. */
    int shortestQueue(TypedView cluster, int type) {
        int best = -1;
        for (int s = 0; s < local.length; s++) {
            if (!shapes[s].fits(type)) {
                continue;
            }
            if (best < 0
                    || local[s][type] < local[best][type]
                    || local[s][type] == local[best][type] && cluster.isEmpty(s) && !cluster.isEmpty(best)) {
                best = s;
            }
        }
        if (best < 0) {
            throw new IllegalStateException("type " + type + " fits no server");
        }
        return best;
    }

    @Override
    void departed(PlannedStarts cluster, int server, int type, double now) {
        if (local[server][type] > 0) {
            local[server][type]--;
            cluster.start(server, type);
        } else {
            slots.add(server, type, 1);
        }
        if (cluster.isEmpty(server)) {
            refresh(cluster, server);
        }
    }

    /**
     * A local refresh time: a max-weight configuration for the server's own queues, padded, then as
     * many of its waiting VMs as it has slots, the rest reserved; no configuration when its queues are empty.
     */
    private void refresh(PlannedStarts cluster, int server) {
        long[] q = local[server];
        int[] k = configuration[server];
        slots.clear(server);
        Arrays.fill(k, 0);
        boolean any = false;
        for (int j = 0; j < q.length; j++) {
            any |= q[j] > 0 && shapes[server].fits(j);
        }
        if (!any) {
            return;
        }
        solver.solve(shapes[server], q, k);
        padding.fill(shapes[server], q, k);
        for (int j = 0; j < k.length; j++) {
            long filled = Math.min(k[j], q[j]);
            for (long i = 0; i < filled; i++) {
                cluster.start(server, j);
            }
            q[j] -= filled;
            slots.add(server, j, (int) (k[j] - filled));
        }
        resets++;
    }

    /** VMs of this type waiting at this server. */
    public long queuedAt(int server, int type) {
        return local[server][type];
    }

    /** The configuration of the server's current active period (all zero when it holds none); a copy. */
    public int[] configuration(int server) {
        return configuration[server].clone();
    }

    /** Reserved empty slots of this type on this server. */
    public int emptySlots(int server, int type) {
        return slots.count(server, type);
    }

    /** Refresh times at which a configuration was picked. */
    public long resets() {
        return resets;
    }

    @Override
    public String solverName() {
        return solver.name();
    }
}
