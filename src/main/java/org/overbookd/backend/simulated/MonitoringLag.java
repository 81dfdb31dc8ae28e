package org.overbookd.backend.simulated;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.overbookd.model.ClusterView;
import org.overbookd.model.ForwardingClusterView;
import org.overbookd.model.ForwardingHostView;
import org.overbookd.model.ForwardingQueueIndex;
import org.overbookd.model.HostView;
import org.overbookd.model.QueueIndex;

/**
 * Host utilization as a monitoring system reports it: as of some seconds ago. On OpenNebula a
 * decision reads the host's newest monitoring sample, which is as old as the time since the probe
 * last ran (5-8 s at a 15 s probe period on the test hypervisor; up to 2 minutes at OpenNebula's
 * default MONITOR_HOST), while the VMs' states are the VM pool's, current. So a lagged view gives
 * each host the utilization it had at the newest observation at least {@code lagSeconds} old, and
 * everything else (the VMs on it, its slots, the queue) as it is now.
 *
 * <p>Utilization is remembered at observations only (the overbooking steps), so the age of what a
 * step sees is the lag rounded up to the step interval; before the first observation that old, the
 * first one stands in (the world's start, before any low-QoS VM ran).
 */
final class MonitoringLag {

    private record Snapshot(long second, double[] utilization) {}

    private final long lagSeconds;
    private final ArrayDeque<Snapshot> kept = new ArrayDeque<>();

    MonitoringLag(long lagSeconds) {
        if (lagSeconds <= 0) {
            throw new IllegalArgumentException("a monitoring lag is positive: " + lagSeconds);
        }
        this.lagSeconds = lagSeconds;
    }

    /** Remembers the hosts' utilization now, then gives the world as a policy on a lagging monitor sees it. */
    ClusterView view(World world, long now) {
        List<SimHost> hosts = world.hosts();
        double[] current = new double[hosts.size()];
        for (int i = 0; i < current.length; i++) {
            current[i] = hosts.get(i).utilization();
        }
        kept.addLast(new Snapshot(now, current));
        // keep the newest snapshot old enough and everything after it
        while (kept.size() > 1 && secondOldest() <= now - lagSeconds) {
            kept.removeFirst();
        }
        return new Lagged(world, kept.peekFirst().utilization());
    }

    /** The time of the second-oldest snapshot kept (there are at least two). */
    private long secondOldest() {
        Iterator<Snapshot> it = kept.iterator();
        it.next();
        return it.next().second();
    }

    /** The world with each host's utilization replaced by a remembered one. */
    private static final class Lagged extends ForwardingClusterView implements ForwardingQueueIndex {
        private final World world;
        private final List<HostView> hosts;

        Lagged(World world, double[] utilization) {
            super(world);
            this.world = world;
            List<SimHost> live = world.hosts();
            List<HostView> out = new ArrayList<>(live.size());
            for (int i = 0; i < live.size(); i++) {
                out.add(new LaggedHost(live.get(i), utilization[i]));
            }
            this.hosts = List.copyOf(out);
        }

        @Override
        public List<? extends HostView> hosts() {
            return hosts;
        }

        @Override
        public QueueIndex delegateIndex() {
            return world;
        }
    }

    /**
     * A live host but for its utilization, which is the one remembered; every other answer (its VMs,
     * free memory, the actions a guard counts, the forecast) is the live host's. The forecast is not
     * lagged: the simulator's forecast is computed from the samples of past steps already, and a lag
     * of a few seconds moves it by less than one sample period.
     */
    private static final class LaggedHost extends ForwardingHostView {
        private final double utilization;

        LaggedHost(SimHost host, double utilization) {
            super(host);
            this.utilization = utilization;
        }

        @Override
        public double utilization() {
            return utilization;
        }
    }
}
