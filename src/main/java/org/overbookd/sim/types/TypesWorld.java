package org.overbookd.sim.types;

import java.util.List;
import org.overbookd.policy.maxweight.TypedView;

/**
 * The simulated cluster of the VM-type model: servers' capacities and occupancy, one queue per
 * type. It enforces the model's rules (a VM starts only if it fits, from the head of its queue) and
 * tells the engine about every start, which turns it into a departure. Flat primitive arrays,
 * indexed server * R + r and server * J + j.
 */
public final class TypesWorld implements TypedView {

    /** Told of each VM that starts: when it arrived and how long it will run. */
    @FunctionalInterface
    public interface StartListener {
        void started(int server, int type, double arrival, double service);
    }

    private final int servers;
    private final int types;
    private final int resources;
    private final long[] capacity;
    private final long[] demand;
    private final long[] used;
    private final int[] running;
    private final int[] vms;
    private final TypeQueues queues;
    private final StartListener listener;

    public TypesWorld(List<ServerSpec> serverSpecs, List<VmType> vmTypes, StartListener listener) {
        servers = serverSpecs.size();
        types = vmTypes.size();
        resources = serverSpecs.get(0).capacity().length;
        capacity = new long[servers * resources];
        demand = new long[types * resources];
        for (int s = 0; s < servers; s++) {
            for (int r = 0; r < resources; r++) {
                capacity[s * resources + r] = serverSpecs.get(s).capacity(r);
            }
        }
        for (int j = 0; j < types; j++) {
            for (int r = 0; r < resources; r++) {
                demand[j * resources + r] = vmTypes.get(j).demand(r);
            }
        }
        used = new long[servers * resources];
        running = new int[servers * types];
        vms = new int[servers];
        queues = new TypeQueues(types);
        this.listener = listener;
    }

    @Override
    public int servers() {
        return servers;
    }

    @Override
    public int types() {
        return types;
    }

    @Override
    public int resources() {
        return resources;
    }

    @Override
    public long capacity(int server, int resource) {
        return capacity[server * resources + resource];
    }

    @Override
    public long demand(int type, int resource) {
        return demand[type * resources + resource];
    }

    @Override
    public long queued(int type) {
        return queues.size(type);
    }

    /** Total queue size, sum_j Q_j. */
    public long queuedTotal() {
        return queues.total();
    }

    @Override
    public double oldestArrival(int type) {
        return queues.oldestArrival(type);
    }

    @Override
    public double arrival(int type, long k) {
        return queues.arrival(type, k);
    }

    @Override
    public int running(int server, int type) {
        return running[server * types + type];
    }

    @Override
    public boolean isEmpty(int server) {
        return vms[server] == 0;
    }

    @Override
    public long residual(int server, int resource) {
        int i = server * resources + resource;
        return capacity[i] - used[i];
    }

    @Override
    public boolean fits(int server, int type) {
        int base = server * resources;
        int d = type * resources;
        for (int r = 0; r < resources; r++) {
            if (used[base + r] + demand[d + r] > capacity[base + r]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Starts the oldest waiting VM of this type on this server, as a scheduler decided.
     *
     * @throws IllegalStateException when none waits or it does not fit: a scheduler bug
     */
    public void start(int server, int type) {
        if (queues.size(type) == 0) {
            throw new IllegalStateException("no VM of type " + type + " waits to start on server " + server);
        }
        if (!fits(server, type)) {
            throw new IllegalStateException("a VM of type " + type + " does not fit on server " + server);
        }
        double arrival = queues.oldestArrival(type);
        double service = queues.oldestService(type);
        queues.removeOldest(type);
        occupy(server, type, 1);
        listener.started(server, type, arrival, service);
    }

    /** A VM arrives at the tail of its type's queue. */
    void enqueue(int type, double arrival, double service) {
        queues.add(type, arrival, service);
    }

    /** A VM finishes and frees its resources. */
    void finish(int server, int type) {
        occupy(server, type, -1);
    }

    private void occupy(int server, int type, int sign) {
        int base = server * resources;
        int d = type * resources;
        for (int r = 0; r < resources; r++) {
            used[base + r] += sign * demand[d + r];
        }
        running[server * types + type] += sign;
        vms[server] += sign;
    }
}
