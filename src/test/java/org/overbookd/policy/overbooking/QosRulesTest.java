package org.overbookd.policy.overbooking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbookd.model.FixtureCluster;
import org.overbookd.model.FixtureCluster.Host;
import org.overbookd.model.FixtureCluster.Vm;
import org.overbookd.policy.cluster.Decision;

/**
 * {@code overbooking.queue=qos} and {@code overbooking.victim=qos}: Silva et al.'s metric Q on the
 * VMs' run records. The numbers are section 3.2's example: a VM that ran 58 of its 60 minutes and one
 * that ran all of its 10, both with SLO 90%, may wait 4.4 and 1.1 minutes before violating it.
 */
class QosRulesTest {

    private static final Instant NOW = FixtureCluster.at(3600);
    private static final QosTerms TERMS = new QosTerms(0.5, Duration.ofSeconds(30));

    /** Arrived at 0, ran 58 min, off its host for the last 2: e = 3480, p = 120. */
    private static final Vm FIFTY_EIGHT_OF_SIXTY =
            Vm.suspended(1, 0).ran(3480, -1).slo(0.9);
    /** Arrived 10 min ago and has run since: e = 600, p = 0. */
    private static final Vm TEN_OF_TEN = Vm.suspended(2, 3000).ran(0, 3000).slo(0.9);

    private static OverbookingSettings settings(QueueRule queue, VictimRule victim) {
        return new OverbookingSettings(70, 90, 2, HostOrder.LEAST_UTILIZED).withQosRules(queue, victim, TERMS);
    }

    private static List<Decision> decide(OverbookingSettings settings, FixtureCluster cluster) {
        return new OverbookingPolicy(settings).decide(cluster, NOW);
    }

    @Test
    void urgencyIsTheTimeToViolateLessTheAllocationTime() {
        Urgency urgency = new Urgency(NOW, TERMS);
        // V = e / SLO - (e + p): 3480 / 0.9 - 3600 = 266.67 s (4.4 min); 600 / 0.9 - 600 = 66.67 s (1.1 min)
        assertEquals(266.667 - 30, urgency.of(FIFTY_EIGHT_OF_SIXTY), 1e-3);
        assertEquals(66.667 - 30, urgency.of(TEN_OF_TEN), 1e-3);
        assertEquals(3480.0 / 3600, urgency.availability(FIFTY_EIGHT_OF_SIXTY), 1e-12);
    }

    @Test
    void aVmWithoutAnSloOfItsOwnGetsTheDefault() {
        Urgency urgency = new Urgency(NOW, TERMS);
        Vm half = Vm.suspended(3, 0).ran(1800, -1);
        // e = p = 1800: with SLO 0.5 exactly at the SLO (V = 0); with 0.9, 1600 s behind
        assertEquals(-30, urgency.of(half), 1e-9);
        assertEquals(-1630, urgency.of(half.slo(0.9)), 1e-9);
    }

    @Test
    void qosQueueServesTheVmClosestToViolatingFirst() {
        var cluster = new FixtureCluster().host(Host.of(0, 10)).queue(FIFTY_EIGHT_OF_SIXTY, TEN_OF_TEN);
        List<Decision> fifo = decide(settings(QueueRule.FIFO, VictimRule.LAST_ADDED), cluster);
        assertEquals(1, fifo.get(0).vm().id(), "FIFO: the earlier first arrival");
        List<Decision> qos = decide(settings(QueueRule.QOS, VictimRule.LAST_ADDED), cluster);
        assertEquals(1, qos.size());
        Decision chosen = qos.get(0);
        assertEquals(2, chosen.vm().id(), "QoS: 36.7 s of slack before 236.7 s");
        assertEquals(36.667, (double) chosen.reason().facts().get("vm_q_seconds"), 1e-9);
        assertEquals(0.9, (double) chosen.reason().facts().get("vm_slo"), 1e-12);
        assertEquals(1.0, (double) chosen.reason().facts().get("vm_availability"), 1e-12);
        assertTrue(
                chosen.reason().text().contains("closest to violating its SLO (Q 36.7 s"),
                chosen.reason().text());
    }

    @Test
    void theSloDecidesBetweenAVmThatRanAndANewOne() {
        Vm half = Vm.suspended(3, 0).ran(1800, -1);
        Vm fresh = Vm.queued(4, 3000);
        var relaxed = new FixtureCluster().host(Host.of(0, 10)).queue(half, fresh);
        assertEquals(
                4,
                decide(settings(QueueRule.QOS, VictimRule.LAST_ADDED), relaxed)
                        .get(0)
                        .vm()
                        .id(),
                "SLO 0.5: the half-run VM is exactly on target (Q -30 s), the new one 10 min behind (Q -630 s)");
        var strict = new FixtureCluster().host(Host.of(0, 10)).queue(half.slo(0.9), fresh);
        assertEquals(
                3,
                decide(settings(QueueRule.QOS, VictimRule.LAST_ADDED), strict)
                        .get(0)
                        .vm()
                        .id(),
                "SLO 0.9: the half-run VM is 1,600 s behind (Q -1630 s)");
    }

    @Test
    void forVmsThatNeverRanQosOrderIsArrivalOrder() {
        var cluster = new FixtureCluster()
                .host(Host.of(0, 10))
                .host(Host.of(1, 20))
                .host(Host.of(2, 30))
                .queue(Vm.queued(9, 500), Vm.queued(7, 100), Vm.queued(8, 300), Vm.queued(6, 900));
        List<Long> fifo = ids(decide(settings(QueueRule.FIFO, VictimRule.LAST_ADDED), cluster));
        List<Long> qos = ids(decide(settings(QueueRule.QOS, VictimRule.LAST_ADDED), cluster));
        assertEquals(List.of(7L, 8L, 9L), fifo);
        assertEquals(fifo, qos);
    }

    @Test
    void qosVictimIsTheVmFurthestFromViolating() {
        Vm a = Vm.running(1, 0).ran(3480, -1).slo(0.9).placed(100);
        Vm b = Vm.running(2, 3000).ran(0, 3000).slo(0.9).placed(3000);
        var cluster = new FixtureCluster().host(Host.of(0, 95, a, b));
        Decision lastAdded =
                decide(settings(QueueRule.FIFO, VictimRule.LAST_ADDED), cluster).get(0);
        assertEquals(2, lastAdded.vm().id());
        Decision qos = decide(settings(QueueRule.FIFO, VictimRule.QOS), cluster).get(0);
        assertEquals(1, qos.vm().id(), "236.7 s of slack against 36.7 s: the first can better afford to wait");
        assertTrue(
                qos.reason().text().contains("furthest from violating its SLO (Q 236.7 s)"),
                qos.reason().text());
    }

    @Test
    void qosVictimTiesGoToTheVmAddedLast() {
        Vm a = Vm.running(1, 3000).ran(0, 3000).placed(3000);
        Vm b = Vm.running(2, 3000).ran(0, 3000).placed(3000);
        var cluster = new FixtureCluster().host(Host.of(0, 95, a, b));
        assertEquals(
                2,
                decide(settings(QueueRule.FIFO, VictimRule.QOS), cluster)
                        .get(0)
                        .vm()
                        .id());
    }

    @Test
    void stickyVmsAreNeverQosVictims() {
        Vm a = Vm.running(1, 0).ran(3480, -1).slo(0.9).placed(100);
        Vm b = Vm.running(2, 3000).ran(0, 3000).slo(0.9).placed(3000);
        var cluster = new FixtureCluster().host(Host.of(0, 95, a, b));
        OverbookingSettings sticky = new OverbookingSettings(70, 90, 2, HostOrder.LEAST_UTILIZED, 1)
                .withQosRules(QueueRule.FIFO, VictimRule.QOS, TERMS);
        assertEquals(
                2,
                decide(sticky, cluster).get(0).vm().id(),
                "VM 1, on its host the longest, holds the one sticky slot; VM 2 is the only candidate");
    }

    private static List<Long> ids(List<Decision> decisions) {
        return decisions.stream().map(d -> d.vm().id()).toList();
    }
}
