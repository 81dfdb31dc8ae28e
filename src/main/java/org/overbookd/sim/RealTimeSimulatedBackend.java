package org.overbookd.sim;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.overbookd.backend.Backend;
import org.overbookd.backend.Outcome;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.Decision;

/**
 * The simulated cluster driven by a real clock, for running the daemon without OpenNebula: each
 * observation first advances the virtual clock to the time elapsed since the first one. Lets an
 * operator rehearse a configuration under systemd and lets tests drive the daemon end to end.
 */
public final class RealTimeSimulatedBackend implements Backend {

    private final SimulatedBackend cluster;
    private Instant origin;

    public RealTimeSimulatedBackend(SimConfig config) {
        this.cluster = new SimulatedBackend(config, new EventQueue());
        cluster.start();
    }

    @Override
    public synchronized ClusterView observe(Instant now) {
        if (origin == null) {
            origin = now;
        }
        long elapsed = Math.max(cluster.now, Duration.between(origin, now).toSeconds());
        cluster.advance(elapsed, true, null);
        return cluster.observe(now);
    }

    @Override
    public synchronized List<Outcome> enact(List<Decision> decisions, Instant now) {
        return cluster.enact(decisions, now);
    }
}
