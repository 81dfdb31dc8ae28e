package org.overbookd.policy.maxweight;

import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * What Algorithm 1 and M14 share: each server holds a fixed configuration between resets; a VM
 * that leaves is replaced from its own type's queue, or its slot stays reserved; an arrival goes at
 * once to the first reserved slot of its type. They differ only in when a server resets, which the
 * subclasses decide in {@link #afterDeparture} and {@link #queued}.
 */
abstract class FixedConfigurationScheduler extends EventHooks {

    /** Headroom on the cheap upper bound so that rounding can never skip a reset that is due. */
    protected static final double BOUND_MARGIN = 1 + 1e-9;

    protected final ConfigurationSolver solver;
    protected final Padding padding;
    protected ServerShape[] shapes;
    protected int[][] configuration;
    protected EmptySlots slots;
    protected long[] queues;
    protected int[] scratch;
    /** Servers that emptied at a departure; cleared lazily when found busy again. */
    private BitSet emptied;

    private long resets;

    FixedConfigurationScheduler(ConfigurationSolver solver, Padding padding) {
        this.solver = solver;
        this.padding = padding;
    }

    @Override
    void begin(PlannedStarts cluster, double now) {
        int servers = cluster.servers();
        int types = cluster.types();
        shapes = ServerShape.all(cluster);
        configuration = new int[servers][types];
        slots = new EmptySlots(servers, types);
        queues = new long[types];
        scratch = new int[types];
        emptied = new BitSet(servers);
        startUp(cluster);
    }

    /**
     * What every server does at time 0, on an empty cluster with empty queues. By default it starts
     * an active period with the (padded) configuration for empty queues, as M14's account in the paper
     * starts Example 1's server from (1, 2).
     */
    protected void startUp(PlannedStarts cluster) {
        for (int s = 0; s < cluster.servers(); s++) {
            activate(cluster, s);
            emptied.set(s);
        }
    }

    /** Whether an empty server may be reset when an arrival queues (see {@link #resetEmptyServers}). */
    protected boolean mayReset(int server) {
        return true;
    }

    @Override
    void arrived(PlannedStarts cluster, int type, double now) {
        int server = slots.first(type);
        if (server >= 0) {
            slots.take(server, type);
            cluster.start(server, type);
        } else {
            queued(cluster, type);
        }
    }

    /** An arrival found no slot and joined its queue. Nothing by default. */
    protected void queued(PlannedStarts cluster, int type) {}

    @Override
    final void departed(PlannedStarts cluster, int server, int type, double now) {
        afterDeparture(cluster, server, type);
        if (cluster.isEmpty(server)) {
            emptied.set(server);
        }
    }

    /** Notes a server that is empty after a subclass changed it outside a departure. */
    protected final void markEmptied(PlannedStarts cluster, int server) {
        if (cluster.isEmpty(server)) {
            emptied.set(server);
        }
    }

    /** The subclass's rule at a departure: refill, stall, or reset. */
    protected abstract void afterDeparture(PlannedStarts cluster, int server, int type);

    /**
     * Resets every empty server whose configuration weighs less than {@code threshold} times the
     * best one for the current queues. An empty server preempts nothing by changing its
     * configuration, so this is the one moment a change is free; without it an empty server whose
     * slots are for types that rarely arrive would wait for one of them to come and go.
     *
     * @return how many servers were reset
     */
    protected final int resetEmptyServers(PlannedStarts cluster, double threshold) {
        int count = 0;
        Map<ServerShape, Long> best = new IdentityHashMap<>();
        for (int s = emptied.nextSetBit(0); s >= 0; s = emptied.nextSetBit(s + 1)) {
            if (!cluster.isEmpty(s)) {
                emptied.clear(s);
                continue;
            }
            if (!mayReset(s)) {
                continue;
            }
            long[] q = queues(cluster);
            ServerShape shape = shapes[s];
            long current = ServerShape.weight(configuration[s], q);
            if (current >= threshold * shape.upperBound(q) * BOUND_MARGIN) {
                continue;
            }
            Long top = best.get(shape);
            if (top == null) {
                top = solver.solve(shape, q, scratch);
                best.put(shape, top);
            }
            if (current < threshold * top) {
                activate(cluster, s);
                best.clear(); // the reset took VMs from the queues
                count++;
            }
        }
        return count;
    }

    /**
     * Starts an active period on an empty server: an r-max weight configuration for the current
     * queues, padded, then as many waiting VMs as it has slots, the rest reserved.
     */
    protected final void activate(PlannedStarts cluster, int server) {
        long[] q = queues(cluster);
        int[] k = configuration[server];
        solver.solve(shapes[server], q, k);
        padding.fill(shapes[server], q, k);
        if (isZero(k)) {
            // every queue that fits is empty: the paper's K excludes the 0 configuration (a server with
            // no slots would never see a departure again), so reserve slots even under Padding.NONE
            Padding.LARGEST_FIRST.fill(shapes[server], q, k);
        }
        slots.clear(server);
        for (int j = 0; j < k.length; j++) {
            long filled = Math.min(k[j], q[j]);
            for (long i = 0; i < filled; i++) {
                cluster.start(server, j);
            }
            slots.add(server, j, (int) (k[j] - filled));
        }
        resets++;
    }

    private static boolean isZero(int[] configuration) {
        for (int k : configuration) {
            if (k != 0) {
                return false;
            }
        }
        return true;
    }

    /** A VM of this type left an active server: a waiting one takes its place, or its slot is reserved. */
    protected final void refill(PlannedStarts cluster, int server, int type) {
        if (cluster.queued(type) > 0) {
            cluster.start(server, type);
        } else {
            slots.add(server, type, 1);
        }
    }

    /** Q(t), in a buffer reused between calls. */
    protected final long[] queues(PlannedStarts cluster) {
        for (int j = 0; j < queues.length; j++) {
            queues[j] = cluster.queued(j);
        }
        return queues;
    }

    /** The configuration of the server's current (or last) active period; a copy. */
    public int[] configuration(int server) {
        return configuration[server].clone();
    }

    /** Reserved empty slots of this type on this server. */
    public int emptySlots(int server, int type) {
        return slots.count(server, type);
    }

    @Override
    public String solverName() {
        return solver.name();
    }

    /** Active periods started so far, the ones at time 0 included. */
    public long resets() {
        return resets;
    }
}
