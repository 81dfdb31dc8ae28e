package org.overbookd.sim.types;

import java.util.List;
import java.util.SplittableRandom;
import org.overbookd.random.Draws;
import org.overbookd.random.Seeds;

/**
 * Merged Poisson arrivals of every type. Each type owns two streams derived from the master seed
 * and its index, one for inter-arrival gaps and one for service times, so adding a type or
 * changing one's rate leaves the others' VMs unchanged. Ties (which have probability zero) go to the
 * lower type index.
 */
final class PoissonArrivals implements ArrivalSource {

    static final long ARRIVALS = 0x415252495645L;
    static final long SERVICE = 0x5345525649L;

    private final double[] lambda;
    private final double[] mu;
    private final SplittableRandom[] gaps;
    private final SplittableRandom[] services;
    private final double[] next;
    private final double[] nextService;
    private int type;

    PoissonArrivals(List<VmType> types, long seed) {
        int n = types.size();
        lambda = new double[n];
        mu = new double[n];
        gaps = new SplittableRandom[n];
        services = new SplittableRandom[n];
        next = new double[n];
        nextService = new double[n];
        for (int j = 0; j < n; j++) {
            lambda[j] = types.get(j).arrivalRate();
            mu[j] = types.get(j).serviceRate();
            gaps[j] = Seeds.stream(seed, ARRIVALS, j);
            services[j] = Seeds.stream(seed, SERVICE, j);
            next[j] = lambda[j] > 0 ? Draws.exponential(gaps[j], lambda[j]) : Double.POSITIVE_INFINITY;
            nextService[j] = Draws.exponential(services[j], mu[j]);
        }
        pick();
    }

    private void pick() {
        type = 0;
        for (int j = 1; j < next.length; j++) {
            if (next[j] < next[type]) {
                type = j;
            }
        }
    }

    @Override
    public double time() {
        return next[type];
    }

    @Override
    public int type() {
        return type;
    }

    @Override
    public double service() {
        return nextService[type];
    }

    @Override
    public void advance() {
        next[type] += Draws.exponential(gaps[type], lambda[type]);
        nextService[type] = Draws.exponential(services[type], mu[type]);
        pick();
    }
}
