package org.overbookd.policy.overbooking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.overbookd.model.FixtureCluster;
import org.overbookd.model.FixtureCluster.Host;
import org.overbookd.model.FixtureCluster.Vm;
import org.overbookd.policy.cluster.Decision;

class StickySlotsTest {

    private static final Instant NOW = FixtureCluster.at(100_000);

    private static List<Decision> decide(int sticky, FixtureCluster cluster) {
        return new OverbookingPolicy(new OverbookingSettings(70, 90, 3, HostOrder.LEAST_UTILIZED, sticky))
                .decide(cluster, NOW);
    }

    @Test
    void theVmsPlacedLongestHoldTheStickySlots() {
        var cluster = new FixtureCluster()
                .host(Host.of(
                        0, 50, Vm.running(1, 0).placed(500), Vm.running(2, 0).placed(100)))
                .host(Host.of(
                        1, 50, Vm.running(3, 0).placed(300), Vm.running(4, 0).placed(50)));
        assertEquals(Set.of(4L, 2L), StickySlots.of(cluster, 2));
        assertEquals(Set.of(), StickySlots.of(cluster, 0));
        assertEquals(Set.of(1L, 2L, 3L, 4L), StickySlots.of(cluster, 10));
    }

    @Test
    void aResumedVmWithAnEarlierArrivalDoesNotTakeAStickySlotAway() {
        // VM 9 arrived first but was placed again only now; VM 5 has held its host since 1000
        var cluster = new FixtureCluster()
                .host(Host.of(
                        0,
                        50,
                        Vm.running(5, 800).placed(1000),
                        Vm.running(9, 10).placed(90_000)));
        assertEquals(Set.of(5L), StickySlots.of(cluster, 1));
    }

    @Test
    void aboveTheUpperBoundTheLastAddedVmWithoutAStickySlotIsSuspended() {
        var cluster = new FixtureCluster()
                .host(Host.of(
                        0,
                        96,
                        Vm.running(1, 0).placed(100),
                        Vm.running(2, 0).placed(200),
                        Vm.running(3, 0).placed(10)));
        List<Decision> d = decide(1, cluster);
        assertEquals(1, d.size());
        assertEquals(2, d.get(0).vm().id(), "VM 3 was added last but holds the sticky slot");
        assertTrue(d.get(0).reason().text().endsWith("the overbooked VM added last that holds no sticky slot"));
    }

    @Test
    void aHostWhoseOverbookedVmsAreAllStickyKeepsThemAboveTheUpperBound() {
        var cluster = new FixtureCluster()
                .host(Host.of(
                        0, 130, Vm.running(1, 0).placed(5), Vm.running(2, 0).placed(6)));
        assertTrue(decide(2, cluster).isEmpty());
        assertEquals(1, decide(1, cluster).size());
    }
}
