package org.overbookd.policy.maxweight;

import java.util.Arrays;

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
 * <p>Choices where the paper is open (see sim/README-maxweight.md): the first empty slot is the one
 * on the lowest-numbered server; the room an r-max configuration leaves is reserved per
 * {@link Padding}; condition (4) is evaluated at departures, as written, and optionally (recheckEmpty)
 * for empty active servers when an arrival has to queue: otherwise an empty server whose slots are
 * for rare types waits for one of them to come and go before it can change.
 */
public final class MaxWeightScheduler extends FixedConfigurationScheduler {

    private final double beta;
    private final boolean recheckEmpty;
    private Period[] period;
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
    void begin(Plan cluster, double now) {
        period = new Period[cluster.servers()];
        Arrays.fill(period, Period.ACTIVE);
        super.begin(cluster, now);
    }

    @Override
    protected void afterDeparture(Plan cluster, int server, int type) {
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
            period[server] = Period.ACTIVE;
            activate(cluster, server);
        }
    }

    /**
     * With recheckEmpty: an empty active server for which condition (4) holds stalls and, being
     * empty, starts a new active period at once, exactly as it would at a departure.
     */
    @Override
    protected void queued(Plan cluster, int type) {
        if (recheckEmpty) {
            stalls += resetEmptyServers(cluster, beta);
        }
    }

    /**
     * Condition (4). Solving a knapsack at every departure is the cost of the algorithm, so a cheap
     * upper bound on any configuration's weight settles most departures without solving: when the
     * current configuration already weighs beta times that bound, it weighs beta times the r-max one.
     */
    boolean conditionFour(Plan cluster, int server) {
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

    /** Active-to-stalled transitions so far. */
    public long stalls() {
        return stalls;
    }

    @Override
    public double beta() {
        return beta;
    }
}
