package org.overbookd.policy.overbooking;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbookd.model.ClusterView;
import org.overbookd.model.FixtureCluster;
import org.overbookd.model.FixtureCluster.Vm;
import org.overbookd.model.HostView;
import org.overbookd.policy.cluster.Decision;

/**
 * The step's reasons are written when read, from values captured when the decision was made: a
 * live view (the simulator's) that changes once the step is enacted does not change them, and they
 * read exactly as the step wrote them before they were drafted.
 */
class DraftedReasonTest {

    private static final Instant NOW = FixtureCluster.at(3600);

    /** A host whose state the test changes after the decision, as enacting a step does. */
    private static final class LiveHost implements HostView {
        final int id;
        double utilization;
        final List<Vm> overbooked = new ArrayList<>();

        LiveHost(int id, double utilization, Vm... vms) {
            this.id = id;
            this.utilization = utilization;
            overbooked.addAll(List.of(vms));
        }

        @Override
        public int id() {
            return id;
        }

        @Override
        public String name() {
            return "live-" + id;
        }

        @Override
        public int cores() {
            return 8;
        }

        @Override
        public double utilization() {
            return utilization;
        }

        @Override
        public List<Vm> overbooked() {
            return overbooked;
        }

        @Override
        public boolean operationInFlight() {
            return false;
        }
    }

    private record Live(List<LiveHost> hosts, List<Vm> queue) implements ClusterView {}

    @Test
    void reasonsKeepWhatTheHostWasWhenDecided() {
        LiveHost hot = new LiveHost(1, 97.25, Vm.running(10, 0), Vm.running(11, 60));
        LiveHost cool = new LiveHost(2, 41.04, Vm.running(12, 0));
        Vm waiting = Vm.suspended(20, 120).ran(600, -1).slo(0.9);
        var view = new Live(List.of(hot, cool), new ArrayList<>(List.of(waiting)));
        OverbookingSettings settings = new OverbookingSettings(75, 95, 2, HostOrder.LEAST_UTILIZED)
                .withQosRules(QueueRule.QOS, VictimRule.QOS, new QosTerms(0.5, Duration.ofSeconds(30)));
        OverbookingPolicy policy = new OverbookingPolicy(settings);
        // two decisions on the same view: the first read at once, the second after the world moved on
        List<Decision> readAtOnce = policy.decide(view, NOW);
        List<String> texts = readAtOnce.stream().map(d -> d.reason().text()).toList();
        List<Map<String, Object>> facts =
                readAtOnce.stream().map(d -> d.reason().facts()).toList();
        List<Decision> readLater = policy.decide(view, NOW);

        // the step is enacted: the world moves on before anyone reads a reason
        hot.utilization = 12.5;
        hot.overbooked.remove(0);
        cool.utilization = 99.9;
        cool.overbooked.add(waiting);

        assertEquals(texts, readLater.stream().map(d -> d.reason().text()).toList());
        assertEquals(facts, readLater.stream().map(d -> d.reason().facts()).toList());
        assertEquals(
                List.of(
                        "host live-1 at 97.3% >= upper bound 95%: suspend VM 11, the overbooked VM furthest from violating"
                                + " its SLO (Q -3570.0 s)",
                        "host live-2 at 41.0% <= lower bound 75% with 1 of 2 slots in use: resume VM 20, the queued VM"
                                + " closest to violating its SLO (Q -2843.3 s, suspended, first arrived 2024-01-01T00:02:00Z)"),
                texts);
        assertEquals(
                List.of(
                        "host_utilization",
                        "lower_bound",
                        "upper_bound",
                        "slots_in_use",
                        "slots",
                        "vm_availability",
                        "vm_slo",
                        "vm_q_seconds"),
                new ArrayList<>(facts.get(0).keySet()));
        assertEquals(97.25, facts.get(0).get("host_utilization"));
        assertEquals(2, facts.get(0).get("slots_in_use"));
        assertEquals(41.04, facts.get(1).get("host_utilization"));
        assertEquals(1, facts.get(1).get("slots_in_use"));
        assertEquals(0.9, facts.get(1).get("vm_slo"));
    }

    @Test
    void maxWeightsWhyIsPartOfTheSentence() {
        var cluster = new FixtureCluster()
                .host(FixtureCluster.Host.of(0, 40))
                .queue(Vm.queued(1, 0).sized(2, 0), Vm.queued(2, 10).sized(2, 0));
        OverbookingSettings settings =
                new OverbookingSettings(70, 90, 2, HostOrder.LEAST_UTILIZED).withPlacement(Placement.MAXWEIGHT);
        Decision d = new OverbookingPolicy(settings).decide(cluster, NOW).get(0);
        assertEquals(
                "host host-0 at 40.0% <= lower bound 70% with 0 of 2 slots in use: deploy VM 1, first in the"
                        + " queue (new, arrived 2024-01-01T00:00:00Z); max-weight: 2 queued VMs of its size (CPU 2) weigh"
                        + " most in the configuration that fits the host",
                d.reason().text());
    }
}
