package org.overbookd.policy.maxweight;

/**
 * What a VM-type scheduler sees of the cluster, read-only: the model of
 * Psychas and Ghaderi, section 2. Servers have integer capacities over R resources (CPU and memory
 * at least, possibly different per server); each of the J VM types needs a fixed integer amount of
 * each resource; VMs wait in one FIFO queue per type; a VM once started is never preempted.
 *
 * <p>Schedulers are pure as every Decider is: no I/O, no clock (the simulator hands
 * them the time), no randomness beyond the seeded stream they are built with (G16's sampling). They
 * return {@link Start}s, and the simulator (and later the daemon) decides what "starting a VM" means.
 */
public interface TypedView {

    int servers();

    int types();

    int resources();

    long capacity(int server, int resource);

    long demand(int type, int resource);

    /** VMs of this type waiting in its queue: Q_j. */
    long queued(int type);

    /** When the oldest waiting VM of this type arrived; NaN when none waits. */
    default double oldestArrival(int type) {
        return arrival(type, 0);
    }

    /** When the k-th oldest waiting VM of this type arrived (0 the oldest); NaN when no more than k wait. */
    double arrival(int type, long k);

    /** VMs of this type running on this server: k_j for that server. */
    int running(int server, int type);

    boolean isEmpty(int server);

    /** Capacity of this resource not used by the VMs running on the server. */
    long residual(int server, int resource);

    /** Whether one more VM of this type fits in the server's residual capacity. */
    default boolean fits(int server, int type) {
        for (int r = 0; r < resources(); r++) {
            if (demand(type, r) > residual(server, r)) {
                return false;
            }
        }
        return true;
    }
}
