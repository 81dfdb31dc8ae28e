package org.overbookd.backend.simulated;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.overbookd.backend.Backend;
import org.overbookd.backend.Outcome;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.cluster.Decision;

/**
 * The simulated cluster driven by a real clock, for running the daemon without OpenNebula: each
 * observation first advances the virtual clock to the time elapsed since start-up. Simulated second
 * 0 is the wall-clock instant of start-up, so the arrival and placement times the policy sees (and
 * the Q, waits and arrivals in the audit) are on the same clock as the daemon's "now". Lets an
 * operator rehearse a configuration under systemd and lets tests drive the daemon end to end.
 */
public final class RealTimeSimulatedBackend implements Backend {

    private final SimulatedBackend cluster;
    private final Instant origin;

    /** @param start the wall-clock instant of start-up: simulated second 0 */
    public RealTimeSimulatedBackend(WorldSpec world, Instant start) {
        this.origin = start;
        this.cluster = new SimulatedBackend(world, start);
    }

    @Override
    public synchronized ClusterView observe(Instant now) {
        long elapsed = Math.max(cluster.now(), Duration.between(origin, now).toSeconds());
        cluster.advanceThrough(elapsed);
        return cluster.observe(now);
    }

    @Override
    public synchronized List<Outcome> enact(List<Decision> decisions, Instant now) {
        return cluster.enact(decisions, now);
    }
}
