package org.overbookd.policy.maxweight;

import java.util.SplittableRandom;
import org.overbookd.random.Draws;

/**
 * The G16 baseline: randomized sampling (Ghaderi, INFOCOM 2016), reconstructed. We did not have
 * G16 itself; Psychas and Ghaderi say only that it is randomized, throughput-optimal, and slow to
 * converge, so its queues grow large. What we built is the Glauber-dynamics sampler that fits that
 * description and needs no knapsack: each server adds a waiting VM of type j, when one fits, at rate
 * <pre>  mu_j (k_j + 1) exp(w(Q_j)),   w(q) = log(1 + q),</pre>
 * k_j being the server's type-j VMs. Departures happen at rate mu_j k_j, so for fixed queues the
 * server's configuration is a reversible Markov chain whose stationary law is the Gibbs measure
 * pi(k) ∝ prod_j (1 + Q_j)^k_j over feasible k: it favours max-weight configurations in the weights
 * log(1 + Q_j), more sharply the longer the queues. Such logarithmic weights are what makes this
 * family stable, and also why it needs long queues before it packs well.
 *
 * <p>It simulates exactly: the total rate is summed per type over all servers (a Fenwick tree per
 * type), one exponential clock for the whole cluster is redrawn after every event (exponential clocks
 * forget their past, so redrawing is exact), and each tick picks a type, then a server, in
 * proportion to their rates. Every tick places one VM; arrivals never start at once.
 */
public final class RandomizedSamplingScheduler extends EventHooks {

    private final double[] serviceRate;
    private final SplittableRandom random;
    private LongFenwick[] byType;
    private long[][] weight;
    private double[] rate;
    private double totalRate;
    private double next = Double.POSITIVE_INFINITY;

    /**
     * @param serviceRate mu_j of each type (for a trace, one over its mean service time)
     * @param random      the scheduler's own stream, derived from the master seed by the caller
     */
    public RandomizedSamplingScheduler(double[] serviceRate, SplittableRandom random) {
        this.serviceRate = serviceRate.clone();
        this.random = random;
    }

    @Override
    public String name() {
        return "g16";
    }

    @Override
    void begin(PlannedStarts cluster, double now) {
        int types = cluster.types();
        byType = new LongFenwick[types];
        for (int j = 0; j < types; j++) {
            byType[j] = new LongFenwick(cluster.servers());
        }
        weight = new long[cluster.servers()][types];
        rate = new double[types];
        for (int s = 0; s < cluster.servers(); s++) {
            update(cluster, s);
        }
        redraw(cluster, now);
    }

    @Override
    void arrived(PlannedStarts cluster, int type, double now) {
        redraw(cluster, now);
    }

    @Override
    void departed(PlannedStarts cluster, int server, int type, double now) {
        update(cluster, server);
        redraw(cluster, now);
    }

    @Override
    public double nextTimer() {
        return next;
    }

    @Override
    void timer(PlannedStarts cluster, double now) {
        double u = random.nextDouble() * totalRate;
        int type = rate.length - 1;
        for (int j = 0; j < rate.length; j++) {
            if (u < rate[j]) {
                type = j;
                break;
            }
            u -= rate[j];
        }
        while (rate[type] == 0) {
            type--; // rounding put u past the last positive rate
        }
        LongFenwick servers = byType[type];
        long target = Math.min(servers.total() - 1, (long) (random.nextDouble() * servers.total()));
        int server = servers.find(target);
        cluster.start(server, type);
        update(cluster, server);
        redraw(cluster, now);
    }

    /** Sets the server's per-type weights k_j + 1 (0 when a type-j VM does not fit). */
    private void update(PlannedStarts cluster, int server) {
        long[] w = weight[server];
        for (int j = 0; j < w.length; j++) {
            long v = cluster.fits(server, j) ? cluster.running(server, j) + 1L : 0;
            if (v != w[j]) {
                byType[j].add(server, v - w[j]);
                w[j] = v;
            }
        }
    }

    /** Sums the rates of every possible addition and draws the time of the next one. */
    private void redraw(PlannedStarts cluster, double now) {
        totalRate = 0;
        for (int j = 0; j < rate.length; j++) {
            long q = cluster.queued(j);
            rate[j] = q > 0 ? serviceRate[j] * (1.0 + q) * byType[j].total() : 0;
            totalRate += rate[j];
        }
        next = totalRate > 0 ? now + Draws.exponential(random, totalRate) : Double.POSITIVE_INFINITY;
    }
}
