package org.overbookd.policy.maxweight;

/**
 * The baseline most users would otherwise run: plain non-preemptive best fit, with no
 * configurations and no reserved slots. An arrival starts at once on the server it fits best (the
 * least room left after it, summed over resources as shares of the server's capacity; the
 * lowest-numbered server on ties) unless older VMs of its type wait; when a VM leaves, the freed
 * server takes the oldest waiting VM that fits it, again and again (no head-of-line blocking across
 * types, FIFO within a type). Only the freed server needs looking at: a VM waits because it fitted
 * nowhere, and nothing else has changed.
 */
public final class BestFitScheduler extends EventHooks {

    @Override
    public String name() {
        return "best-fit";
    }

    @Override
    void begin(PlannedStarts cluster, double now) {}

    @Override
    void arrived(PlannedStarts cluster, int type, double now) {
        if (cluster.queued(type) > 1) {
            return;
        }
        int best = -1;
        double bestLeft = Double.POSITIVE_INFINITY;
        for (int s = 0; s < cluster.servers(); s++) {
            if (cluster.fits(s, type)) {
                double left = 0;
                for (int r = 0; r < cluster.resources(); r++) {
                    left += (double) (cluster.residual(s, r) - cluster.demand(type, r)) / cluster.capacity(s, r);
                }
                if (left < bestLeft) {
                    bestLeft = left;
                    best = s;
                }
            }
        }
        if (best >= 0) {
            cluster.start(best, type);
        }
    }

    @Override
    void departed(PlannedStarts cluster, int server, int type, double now) {
        while (true) {
            int pick = -1;
            for (int j = 0; j < cluster.types(); j++) {
                if (cluster.queued(j) > 0
                        && cluster.fits(server, j)
                        && (pick < 0 || cluster.oldestArrival(j) < cluster.oldestArrival(pick))) {
                    pick = j;
                }
            }
            if (pick < 0) {
                return;
            }
            cluster.start(server, pick);
        }
    }
}
