package org.overbookd.sim.types;

/**
 * Accumulates a run's queue and delay figures as events happen: the total queue size integrated
 * exactly (it is constant between events), its maximum, waits, completions, and samples on an even
 * grid of times.
 */
final class QueueMetrics {

    private final TypesWorld cluster;
    private final double horizon;
    private final double[] sampleTimes;
    private final long[][] sampleQueues;
    private int sampled;
    private double area;
    private double last;
    private long total;
    private long max;
    private double waitSum;
    long arrivals;
    long started;
    long completed;

    QueueMetrics(TypesWorld cluster, double horizon, int samples) {
        this.cluster = cluster;
        this.horizon = horizon;
        sampleTimes = new double[samples + 1];
        sampleQueues = new long[samples + 1][];
        for (int i = 0; i <= samples; i++) {
            sampleTimes[i] = horizon * i / samples;
        }
    }

    /** Records the samples due strictly before an event at time t (those at t see the event). */
    void before(double t) {
        while (sampled < sampleTimes.length && sampleTimes[sampled] < t) {
            long[] q = new long[cluster.types()];
            for (int j = 0; j < q.length; j++) {
                q[j] = cluster.queued(j);
            }
            sampleQueues[sampled++] = q;
        }
    }

    /** The total queue size changed at time now (after an arrival joined it or a VM left it). */
    void queueChanged(double now) {
        area += total * (now - last);
        last = now;
        total = cluster.queuedTotal();
        max = Math.max(max, total);
    }

    void started(double now, double arrival) {
        started++;
        waitSum += now - arrival;
    }

    /** @param idle the shares of capacity left free, by {@link IdleCapacity}'s groups */
    TypesResult finish(String policy, double beta, String solver, double[] idle) {
        before(Double.POSITIVE_INFINITY);
        area += total * (horizon - last);
        return new TypesResult(
                policy,
                beta,
                solver,
                horizon,
                area / horizon,
                max,
                total,
                started == 0 ? 0 : waitSum / started,
                completed / horizon,
                arrivals,
                started,
                completed,
                idle[IdleCapacity.ACTIVE],
                idle[IdleCapacity.STALLED_RUNNING],
                idle[IdleCapacity.STALLED_EMPTY],
                new QueueSamples(sampleTimes, sampleQueues));
    }
}
