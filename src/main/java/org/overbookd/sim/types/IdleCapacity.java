package org.overbookd.sim.types;

import org.overbookd.policy.maxweight.TypeScheduler;

/**
 * Where the cluster's free capacity sits over a run, integrated exactly (it is constant between
 * events): inside servers that schedule (active, for policies that never stall every server), inside
 * stalled servers that still run VMs (Algorithm 1's drain: the room their departing VMs free stays
 * unused until the last one leaves), and inside stalled servers that are empty (waiting for a VM that
 * has to queue). Each share is the time average of the free units of each resource in that group over
 * the cluster's capacity of that resource, averaged over the resources, so the three shares plus the
 * used share make 1.
 *
 * <p>A server's group and free room change only when an event touches it: its own departure, or a VM
 * started on it. Algorithm 1 changes a server's period only at such moments (a stall at a departure
 * from it; an activation, which starts at least the VM that had to queue or the one that fits), so
 * the run tells this class about the departure's server and every server a start went to, and the
 * totals stay exact without a pass over all servers per event.
 */
final class IdleCapacity {

    static final int ACTIVE = 0;
    static final int STALLED_RUNNING = 1;
    static final int STALLED_EMPTY = 2;
    private static final int GROUPS = 3;

    private final TypesWorld cluster;
    private final TypeScheduler scheduler;
    private final int resources;
    private final long[] capacity;
    /** Per server: its group and its free units per resource as last counted. */
    private final int[] group;

    private final long[] serverFree;
    /** Per group and resource: free units summed over the group's servers, and their integral over time. */
    private final long[] groupFree;

    private final double[] area;
    private double last;

    IdleCapacity(TypesWorld cluster, TypeScheduler scheduler) {
        this.cluster = cluster;
        this.scheduler = scheduler;
        resources = cluster.resources();
        capacity = new long[resources];
        group = new int[cluster.servers()];
        serverFree = new long[cluster.servers() * resources];
        groupFree = new long[GROUPS * resources];
        area = new double[GROUPS * resources];
        for (int s = 0; s < cluster.servers(); s++) {
            for (int r = 0; r < resources; r++) {
                capacity[r] += cluster.capacity(s, r);
            }
        }
    }

    /** Counts every server once, after the scheduler's start-up at time 0. */
    void begin() {
        for (int s = 0; s < cluster.servers(); s++) {
            group[s] = groupOf(s);
            for (int r = 0; r < resources; r++) {
                long f = cluster.residual(s, r);
                serverFree[s * resources + r] = f;
                groupFree[group[s] * resources + r] += f;
            }
        }
    }

    /** Integrates the current split up to time t, before an event at t changes it. */
    void before(double t) {
        double dt = t - last;
        if (dt > 0) {
            for (int i = 0; i < area.length; i++) {
                area[i] += groupFree[i] * dt;
            }
            last = t;
        }
    }

    /** An event changed this server (a departure from it, a start on it): counts it again. */
    void touched(int server) {
        int old = group[server];
        int now = groupOf(server);
        group[server] = now;
        for (int r = 0; r < resources; r++) {
            int i = server * resources + r;
            long f = cluster.residual(server, r);
            groupFree[old * resources + r] -= serverFree[i];
            groupFree[now * resources + r] += f;
            serverFree[i] = f;
        }
    }

    /**
     * The shares over [0, horizon], indexed by group.
     *
     * @throws IllegalStateException if the running totals no longer match the world: an event changed a
     *                               server it was not told about (a bug in the run, not bad data)
     */
    double[] finish(double horizon) {
        before(horizon);
        for (int s = 0; s < cluster.servers(); s++) {
            if (group[s] != groupOf(s)) {
                throw new IllegalStateException("server " + s + " changed period without an event on it");
            }
        }
        for (int r = 0; r < resources; r++) {
            long counted = 0;
            long actual = 0;
            for (int g = 0; g < GROUPS; g++) {
                counted += groupFree[g * resources + r];
            }
            for (int s = 0; s < cluster.servers(); s++) {
                actual += cluster.residual(s, r);
            }
            if (counted != actual) {
                throw new IllegalStateException(
                        "free capacity of resource " + r + " counted " + counted + " but the cluster has " + actual);
            }
        }
        double[] share = new double[GROUPS];
        for (int g = 0; g < GROUPS; g++) {
            double sum = 0;
            for (int r = 0; r < resources; r++) {
                sum += area[g * resources + r] / ((double) capacity[r] * horizon);
            }
            share[g] = sum / resources;
        }
        return share;
    }

    private int groupOf(int server) {
        if (!scheduler.stalled(server)) {
            return ACTIVE;
        }
        return cluster.isEmpty(server) ? STALLED_EMPTY : STALLED_RUNNING;
    }
}
