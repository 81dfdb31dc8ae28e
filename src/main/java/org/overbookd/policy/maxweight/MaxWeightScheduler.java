package org.overbookd.policy.maxweight;

import java.util.Arrays;
import java.util.BitSet;

/**
 * Algorithm 1 of Psychas and Ghaderi, "Basic non-preemptive scheduling". Each server is active or
 * stalled. An active server keeps a fixed r-max weight configuration chosen when its period began;
 * at each departure from it, it stalls if condition (4) holds,
 * <pre>  f(k~, Q(t)) &lt; beta f(k^(r)(t), Q(t)),</pre>
 * that is if its configuration has fallen below beta times what an r-max configuration for the
 * current queues would weigh; otherwise a waiting VM of the departed type takes the freed slot (or
 * the slot is reserved). A stalled server schedules nothing; once empty it becomes active with an
 * r-max weight configuration for the queues of that moment. Theorem 3.1: any workload inside
 * r beta C is supported for beta &lt; r; with the greedy solver the paper allows any beta &lt; 1.
 *
 * <p>Start-up, as the paper's definitions read: every server starts stalled and empty. A stalled
 * server turns active "when the server becomes empty"; an empty stalled server is that already, so it
 * takes an r-max configuration as soon as there is something to configure for, that is when a VM has
 * to queue (no active server has a slot for it): the lowest-numbered empty stalled server it fits
 * becomes active with an r-max configuration for the queues of that moment, which holds that VM. By
 * the same reading a stalled server that empties while no queue it could serve holds a VM stays
 * stalled and empty (every configuration weighs 0 then) until a VM has to queue.
 *
 * <p>Other choices where the paper is open (see sim/README-maxweight.md): the first empty slot is the one
 * on the lowest-numbered server; the room an r-max configuration leaves is reserved per
 * {@link Padding}; condition (4) is evaluated at departures, as written, and optionally (recheckEmpty)
 * for empty active servers when an arrival has to queue: otherwise an active server that emptied
 * while the queues were empty waits for one of its types to come and go before it can change.
 */
public final class MaxWeightScheduler extends FixedConfigurationScheduler {

    private final double beta;
    private final boolean recheckEmpty;
    private Period[] period;
    /** Servers stalled and empty: waiting for a VM that has to queue. */
    private BitSet idle;

    private long stalls;

    /**
     * @param recheckEmpty also test condition (4) for empty active servers when an arrival has to
     *                     queue, resetting them at once (an extension; the paper tests only at departures)
     */
    public MaxWeightScheduler(ConfigurationSolver solver, Padding padding, double beta, boolean recheckEmpty) {
        super(solver, padding);
        if (!(beta > 0 && beta < 1)) {
            throw new IllegalArgumentException("beta must be strictly between 0 and 1, not " + beta);
        }
        this.beta = beta;
        this.recheckEmpty = recheckEmpty;
    }

    @Override
    public String name() {
        return "maxweight";
    }

    @Override
    void begin(PlannedStarts cluster, double now) {
        period = new Period[cluster.servers()];
        idle = new BitSet(cluster.servers());
        super.begin(cluster, now);
    }

    /** Every server starts stalled and empty (see the class comment). */
    @Override
    protected void startUp(PlannedStarts cluster) {
        Arrays.fill(period, Period.STALLED);
        idle.set(0, cluster.servers());
    }

    @Override
    protected boolean mayReset(int server) {
        return period[server] == Period.ACTIVE;
    }

    @Override
    protected void afterDeparture(PlannedStarts cluster, int server, int type) {
        if (period[server] == Period.ACTIVE) {
            if (conditionFour(cluster, server)) {
                period[server] = Period.STALLED;
                slots.clear(server);
                stalls++;
            } else {
                refill(cluster, server, type);
            }
        }
        if (period[server] == Period.STALLED && cluster.isEmpty(server)) {
            if (anyQueueFits(cluster, server)) {
                period[server] = Period.ACTIVE;
                activate(cluster, server);
            } else {
                idle.set(server);
            }
        }
    }

    private boolean anyQueueFits(PlannedStarts cluster, int server) {
        long[] q = queues(cluster);
        for (int j = 0; j < q.length; j++) {
            if (q[j] > 0 && shapes[server].fits(j)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A VM had to queue: the lowest-numbered stalled empty server it fits becomes active with an
     * r-max configuration for the queues now (see the class comment). With recheckEmpty, then, an
     * empty active server for which condition (4) holds stalls and, being empty, starts a new active
     * period at once, exactly as it would at a departure.
     */
    @Override
    protected void queued(PlannedStarts cluster, int type) {
        for (int s = idle.nextSetBit(0); s >= 0; s = idle.nextSetBit(s + 1)) {
            if (shapes[s].fits(type)) {
                idle.clear(s);
                period[s] = Period.ACTIVE;
                activate(cluster, s);
                markEmptied(cluster, s);
                break;
            }
        }
        if (recheckEmpty) {
            stalls += resetEmptyServers(cluster, beta);
        }
    }

    /**
     * Condition (4). Solving a knapsack at every departure is the cost of the algorithm, so a cheap
     * upper bound on any configuration's weight settles most departures without solving: when the
     * current configuration already weighs beta times that bound, it weighs beta times the r-max one.
     */
    boolean conditionFour(PlannedStarts cluster, int server) {
        long[] q = queues(cluster);
        long current = ServerShape.weight(configuration[server], q);
        ServerShape shape = shapes[server];
        if (current >= beta * shape.upperBound(q) * BOUND_MARGIN) {
            return false;
        }
        return current < beta * solver.solve(shape, q, scratch);
    }

    public Period period(int server) {
        return period[server];
    }

    @Override
    public boolean stalled(int server) {
        return period[server] == Period.STALLED;
    }

    /** Active-to-stalled transitions so far. */
    public long stalls() {
        return stalls;
    }

    @Override
    public double beta() {
        return beta;
    }
}
