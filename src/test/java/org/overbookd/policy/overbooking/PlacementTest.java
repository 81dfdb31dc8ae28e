package org.overbookd.policy.overbooking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbookd.model.FixtureCluster;
import org.overbookd.model.FixtureCluster.Host;
import org.overbookd.model.FixtureCluster.Vm;
import org.overbookd.model.HostView;
import org.overbookd.model.VmSize;
import org.overbookd.policy.cluster.Decision;

/**
 * {@code overbooking.placement}: first-fit and max-weight matching of sized VMs to the candidate
 * hosts. Hosts have 8 cores, bounds 70 and 90: a host at utilization u has (90 - u) x 8 hundredths
 * of a core of room.
 */
class PlacementTest {

    private static final Instant NOW = FixtureCluster.at(3600);

    private static List<Decision> decide(Placement placement, FixtureCluster cluster) {
        OverbookingSettings settings =
                new OverbookingSettings(70, 90, 2, HostOrder.LEAST_UTILIZED).withPlacement(placement);
        return new OverbookingPolicy(settings).decide(cluster, NOW);
    }

    private static Vm small(long id, long arrival) {
        return Vm.queued(id, arrival).sized(1, 0);
    }

    private static Vm big(long id, long arrival) {
        return Vm.queued(id, arrival).sized(4, 0);
    }

    /** "vm->host ..." of the decisions, in order; the tests of constrained placement read them so too. */
    static String placements(List<Decision> decisions) {
        StringBuilder s = new StringBuilder();
        for (Decision d : decisions) {
            s.append(s.length() == 0 ? "" : " ")
                    .append(d.vm().id())
                    .append("->")
                    .append(d.host().id());
        }
        return s.toString();
    }

    @Test
    void roomIsTheCpuLeftBelowTheUpperBound() {
        HostView host = Host.of(0, 70);
        Room room = Room.of(host, 90);
        assertEquals(160, room.cpu(), "(90 - 70) percent of 8 cores");
        assertTrue(room.fits(new VmSize(1.6, 0), true));
        assertFalse(room.fits(new VmSize(1.61, 0), true));
        assertTrue(room.fits(VmSize.UNKNOWN, true), "a VM without a size fits, as in the paper");
        assertFalse(new Room(800, 1024).fits(new VmSize(1, 2048), true), "memory is not overbooked");
        assertTrue(new Room(800, 1024).fits(new VmSize(1, 2048), false), "unless it is already on the host");
    }

    @Test
    void firstFitGivesEachVmTheFirstHostItFits() {
        // host 1 (30%) has 480 of room, host 2 (65%) 200: the big VM fits host 1 only
        var cluster =
                new FixtureCluster().host(Host.of(1, 30)).host(Host.of(2, 65)).queue(big(10, 0), small(11, 1));
        assertEquals("10->1 11->2", placements(decide(Placement.FIRST_FIT, cluster)));
        var smallFirst =
                new FixtureCluster().host(Host.of(1, 30)).host(Host.of(2, 65)).queue(small(11, 0), big(10, 1));
        assertEquals(
                "11->1",
                placements(decide(Placement.FIRST_FIT, smallFirst)),
                "the small VM takes the roomy host and the big one fits nowhere else");
    }

    @Test
    void maxWeightServesTheSizeWhoseConfigurationWeighsMost() {
        // one host with room for four small VMs (weight 4 Q_small) or one big one (weight Q_big)
        var fourSmallOneBig = new FixtureCluster()
                .host(Host.of(1, 30))
                .queue(big(10, 0), small(11, 1), small(12, 2), small(13, 3), small(14, 4));
        assertEquals("10->1", placements(decide(Placement.FIRST_FIT, fourSmallOneBig)));
        List<Decision> maxWeight = decide(Placement.MAXWEIGHT, fourSmallOneBig);
        assertEquals(
                "11->1", placements(maxWeight), "4 small x Q 4 = 16 against 1 big x Q 1 = 1; the oldest small VM goes");
        assertTrue(
                maxWeight
                        .get(0)
                        .reason()
                        .text()
                        .endsWith(
                                "; max-weight: 4 queued VMs of its size (CPU 1) weigh most in the configuration that fits the host"),
                maxWeight.get(0).reason().text());

        var oneSmallFiveBig = new FixtureCluster()
                .host(Host.of(1, 30))
                .queue(small(11, 0), big(20, 1), big(21, 2), big(22, 3), big(23, 4), big(24, 5));
        assertEquals("11->1", placements(decide(Placement.FIRST_FIT, oneSmallFiveBig)));
        assertEquals(
                "20->1",
                placements(decide(Placement.MAXWEIGHT, oneSmallFiveBig)),
                "1 big x Q 5 = 5 against 4 small x Q 1 = 4: the big queue is served");
    }

    @Test
    void maxWeightGivesAHostNothingThatDoesNotFit() {
        var cluster = new FixtureCluster().host(Host.of(2, 65)).queue(big(10, 0), big(11, 1));
        assertTrue(decide(Placement.MAXWEIGHT, cluster).isEmpty(), "200 of room, 400 asked");
        assertTrue(decide(Placement.FIRST_FIT, cluster).isEmpty());
    }

    @Test
    void withoutSizesBothPlacementsAreThePapersAlgorithm() {
        var cluster = new FixtureCluster()
                .host(Host.of(1, 30))
                .host(Host.of(2, 65))
                .host(Host.of(3, 10))
                .queue(Vm.queued(10, 5), Vm.queued(11, 1), Vm.suspended(12, 9), Vm.queued(13, 3));
        String firstFit = placements(decide(Placement.FIRST_FIT, cluster));
        assertEquals("12->3 11->1 13->2", firstFit, "suspended first, then by arrival, least utilized host first");
        assertEquals(firstFit, placements(decide(Placement.MAXWEIGHT, cluster)));
    }

    @Test
    void aPinnedVmGoesBackToItsHostBeforeOthersAreMatched() {
        var cluster = new FixtureCluster()
                .host(Host.of(1, 30))
                .host(Host.of(2, 65))
                .queue(small(10, 0), Vm.suspendedOn(12, 9, 1).sized(1, 0));
        assertEquals("12->1 10->2", placements(decide(Placement.FIRST_FIT, cluster)));
        assertEquals("12->1 10->2", placements(decide(Placement.MAXWEIGHT, cluster)));
    }

    @Test
    void vmsThatFitNowhereDoNotHideTheOnesBehindThem() {
        // two hosts with 200 of room: the three big VMs at the head fit neither, the small ones do
        var cluster = new FixtureCluster()
                .host(Host.of(1, 65))
                .host(Host.of(2, 66))
                .queue(big(10, 0), big(11, 1), big(12, 2), small(20, 3), small(21, 4));
        assertEquals("20->1 21->2", placements(decide(Placement.FIRST_FIT, cluster)));
        assertEquals(
                "20->1 21->2",
                placements(decide(Placement.MAXWEIGHT, cluster)),
                "max-weight weighs the small VMs by the whole queue and finds them behind the big ones");
    }

    /** Unknown is what the record's equals says of the constant, for every corner of the two fields. */
    @Test
    void aSizeIsUnknownExactlyWhenItEqualsTheConstant() {
        for (double cpu : new double[] {0.0, -0.0, Double.MIN_VALUE, 0.5, 1, 1e300}) {
            for (long memory : new long[] {0, 1, 512, Long.MAX_VALUE}) {
                VmSize size = new VmSize(cpu, memory);
                assertEquals(size.equals(VmSize.UNKNOWN), Room.unknown(size), cpu + " cores, " + memory + " MiB");
            }
        }
        assertTrue(Room.unknown(VmSize.UNKNOWN));
        assertTrue(Room.unknown(new VmSize(0, 0)));
        assertFalse(Room.unknown(new VmSize(-0.0, 0)), "-0.0 is not the record's 0.0");
    }
}
