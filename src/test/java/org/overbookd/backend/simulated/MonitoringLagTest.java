package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostView;
import org.overbookd.model.QueueIndex;

/** sim.monitoring-lag: a step sees each host's utilization as of the lag ago, and everything else as it is. */
class MonitoringLagTest {

    private static final Instant EPOCH = Instant.parse("2024-01-01T00:00:00Z");

    private static WorldSpec world(Duration lag) {
        Settings s = Settings.defaults()
                .with(Options.SIM_NODES, 3)
                .with(Options.SIM_DURATION, Duration.ofHours(2))
                .with(Options.SIM_LOAD_INTERVAL, Duration.ofSeconds(5))
                .with(Options.SIM_MONITORING_LAG, lag);
        return SimBindings.simConfig(s).world();
    }

    @Test
    void offByDefaultSoTheLiveWorldIsWhatAPolicySees() {
        assertEquals(Duration.ZERO, Settings.defaults().get(Options.SIM_MONITORING_LAG));
        SimulatedBackend cluster = new SimulatedBackend(world(Duration.ZERO), EPOCH);
        assertSame(cluster.view(), cluster.observe(EPOCH));
    }

    @Test
    void eachStepSeesTheUtilizationOfTheNewestStepAtLeastTheLagAgo() {
        long lag = 12; // steps every 5 s: a step sees the one 15 s before it
        SimulatedBackend cluster = new SimulatedBackend(world(Duration.ofSeconds(lag)), EPOCH);
        List<double[]> live = new ArrayList<>();
        int differing = 0;
        for (long second = 0; second <= 300; second += 5) {
            cluster.advanceThrough(second);
            double[] now = utilization(cluster.view());
            live.add(now);
            ClusterView seen = cluster.observe(EPOCH.plusSeconds(second));
            int step = (int) (second / 5);
            int from = Math.max(0, step - 3);
            double[] expected = live.get(from);
            double[] got = utilization(seen);
            for (int h = 0; h < got.length; h++) {
                assertEquals(expected[h], got[h], 0.0, "host " + h + " at second " + second);
                if (got[h] != now[h]) {
                    differing++;
                }
            }
            // the VMs, the slots and the queue are the live world's
            for (int h = 0; h < got.length; h++) {
                HostView lagged = seen.hosts().get(h);
                HostView real = cluster.view().hosts().get(h);
                assertEquals(real.id(), lagged.id());
                assertEquals(real.overbooked(), lagged.overbooked());
                assertEquals(real.operationInFlight(), lagged.operationInFlight());
            }
            assertEquals(cluster.view().queue(), seen.queue());
            assertInstanceOf(QueueIndex.class, seen);
        }
        // loads are drawn every 5 s: a lag that showed the live value each time would not be one
        assertTrue(differing > 100, "only " + differing + " lagged values differ from the live ones");
    }

    private static double[] utilization(ClusterView view) {
        return view.hosts().stream().mapToDouble(HostView::utilization).toArray();
    }
}
