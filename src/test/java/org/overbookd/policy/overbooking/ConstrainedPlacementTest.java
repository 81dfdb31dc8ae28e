package org.overbookd.policy.overbooking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.overbookd.model.FixtureCluster;
import org.overbookd.model.FixtureCluster.Host;
import org.overbookd.model.FixtureCluster.Vm;
import org.overbookd.model.HostView;
import org.overbookd.model.VmView;
import org.overbookd.policy.cluster.Decision;

/**
 * VMs that may run on some hosts only ({@link VmView#mayRunOn}, in OpenNebula their requirements):
 * every placement path honours it, and a VM that may use no candidate of the step does not hold up
 * the VMs behind it. Hosts have 8 cores; bounds 70 and 90, 2 slots.
 */
class ConstrainedPlacementTest {

    private static final Instant NOW = FixtureCluster.at(40_000);

    private static List<Decision> decide(FixtureCluster cluster, Placement placement, QueueRule queue) {
        OverbookingSettings settings = new OverbookingSettings(70, 90, 2, HostOrder.INDEX)
                .withQosRules(queue, VictimRule.LAST_ADDED, QosTerms.DEFAULTS)
                .withPlacement(placement);
        return new OverbookingPolicy(settings).decide(cluster, NOW);
    }

    private static List<Decision> decide(FixtureCluster cluster) {
        return decide(cluster, Placement.FIRST_FIT, QueueRule.FIFO);
    }

    @Test
    void aVmThatMayUseNoCandidateWaitsAndTheOnesBehindItAreServed() {
        var cluster = new FixtureCluster()
                .host(Host.of(1, 30))
                .host(Host.of(2, 30))
                .host(Host.of(3, 95))
                .queue(Vm.queued(10, 0).onlyOn(3), Vm.queued(11, 1), Vm.queued(12, 2));
        assertEquals(
                "11->1 12->2",
                PlacementTest.placements(decide(cluster)),
                "host 3 is above the lower bound: 10 waits for it");
    }

    @Test
    void theHeadStillGetsTheFirstHostItMayUseBeforeTheVmsBehindIt() {
        var cluster = new FixtureCluster()
                .host(Host.of(1, 30))
                .host(Host.of(2, 30))
                .queue(Vm.queued(10, 0).onlyOn(2), Vm.queued(11, 1), Vm.queued(12, 2));
        assertEquals(
                "10->2 11->1",
                PlacementTest.placements(decide(cluster)),
                "first in the queue, first served: 11 takes only a host 10 could not use");
    }

    @Test
    void aPinnedVmResumesOnlyWhereItMayRun() {
        var cluster = new FixtureCluster()
                .host(Host.of(1, 30))
                .queue(Vm.suspendedOn(10, 0, 1).onlyOn(2), Vm.queued(11, 1));
        assertEquals(
                "11->1", PlacementTest.placements(decide(cluster)), "its host no longer matches: it stays suspended");
        var allowed = new FixtureCluster()
                .host(Host.of(1, 30))
                .queue(Vm.suspendedOn(10, 0, 1).onlyOn(1), Vm.queued(11, 1));
        assertEquals("10->1", PlacementTest.placements(decide(allowed)));
    }

    @Test
    void theQosRuleServesTheMostUrgentVmThatMayRunThere() {
        // 10 is furthest behind its SLO but may run on host 3 only, above the lower bound
        var cluster = new FixtureCluster()
                .host(Host.of(1, 30))
                .host(Host.of(3, 95))
                .queue(
                        Vm.suspended(10, 0).slo(0.9).onlyOn(3),
                        Vm.queued(11, 30_000).slo(0.9),
                        Vm.queued(12, 39_000).slo(0.5));
        assertEquals("11->1", PlacementTest.placements(decide(cluster, Placement.FIRST_FIT, QueueRule.QOS)));
    }

    @Test
    void maxWeightWeighsOnlyTheSizesThatMayRunOnTheHost() {
        // room for one big or four small VMs; the small ones may not run on host 1
        var cluster = new FixtureCluster()
                .host(Host.of(1, 30))
                .queue(
                        Vm.queued(10, 0).sized(4, 0),
                        Vm.queued(11, 1).sized(1, 0).onlyOn(2),
                        Vm.queued(12, 2).sized(1, 0).onlyOn(2),
                        Vm.queued(13, 3).sized(1, 0).onlyOn(2));
        assertEquals("10->1", PlacementTest.placements(decide(cluster, Placement.MAXWEIGHT, QueueRule.FIFO)));
        // within the size max-weight chooses, the first VM in queue order that may run there
        var within = new FixtureCluster()
                .host(Host.of(1, 30))
                .queue(
                        Vm.queued(10, 0).sized(4, 0),
                        Vm.queued(11, 1).sized(1, 0).onlyOn(2),
                        Vm.queued(12, 2).sized(1, 0),
                        Vm.queued(13, 3).sized(1, 0));
        assertEquals("12->1", PlacementTest.placements(decide(within, Placement.MAXWEIGHT, QueueRule.FIFO)));
    }

    @Test
    void theHeadGrowsPastVmsThatMayGoNowhereThisStep() {
        FixtureCluster cluster =
                new FixtureCluster().host(Host.of(1, 30)).host(Host.of(2, 30)).host(Host.of(9, 95));
        List<Vm> queue = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            queue.add(Vm.queued(i, i).onlyOn(9)); // far more than the step's head of 2 candidates
        }
        queue.add(Vm.queued(500, 500));
        queue.add(Vm.queued(501, 501).sized(1, 0));
        cluster.queue(queue.toArray(new Vm[0]));
        for (Placement placement : Placement.values()) {
            for (QueueRule rule : QueueRule.values()) {
                assertEquals(
                        "500->1 501->2",
                        PlacementTest.placements(decide(cluster, placement, rule)),
                        placement + ", " + rule);
            }
        }
    }

    /**
     * On random clusters with random constraints: no decision places a VM where it may not run, and
     * first-fit in FIFO order is what the plainest loop over the whole sorted queue gives (each VM,
     * in order, the first free candidate, in host order, it may use).
     */
    @Test
    void everyPlacementIsAllowedAndFirstFitIsThePlainLoop() {
        SplittableRandom random = new SplittableRandom(30);
        int placed = 0;
        int refusedSomewhere = 0;
        for (int round = 0; round < 1000; round++) {
            FixtureCluster cluster = new FixtureCluster();
            int hosts = 1 + random.nextInt(12);
            for (int h = 0; h < hosts; h++) {
                cluster.host(Host.of(h, random.nextInt(3) == 0 ? 80 : random.nextDouble(10, 70)));
            }
            List<Vm> queue = new ArrayList<>();
            for (int i = random.nextInt(30); i > 0; i--) {
                Vm vm = random.nextInt(4) == 0
                        ? Vm.suspended(queue.size(), random.nextInt(40))
                        : Vm.queued(queue.size(), random.nextInt(40));
                if (random.nextBoolean()) {
                    Integer[] allowed = new Integer[1 + random.nextInt(3)];
                    for (int k = 0; k < allowed.length; k++) {
                        allowed[k] = random.nextInt(hosts + 1);
                    }
                    vm = vm.onlyOn(new HashSet<>(List.of(allowed)).toArray(new Integer[0]));
                    refusedSomewhere++;
                }
                queue.add(vm);
            }
            cluster.queue(queue.toArray(new Vm[0]));
            for (Placement placement : Placement.values()) {
                for (QueueRule rule : QueueRule.values()) {
                    for (Decision d : decide(cluster, placement, rule)) {
                        Vm vm = queue.stream()
                                .filter(v -> v.id() == d.vm().id())
                                .findFirst()
                                .orElseThrow();
                        HostView host = cluster.hosts().stream()
                                .filter(h -> h.id() == d.host().id())
                                .findFirst()
                                .orElseThrow();
                        assertTrue(vm.mayRunOn(host), "round " + round + ": " + d);
                        placed++;
                    }
                }
            }
            assertEquals(plainFirstFit(cluster), PlacementTest.placements(decide(cluster)), "round " + round);
        }
        assertTrue(
                placed > 2_500 && refusedSomewhere > 5_000,
                placed + " placements, " + refusedSomewhere + " constrained VMs");
    }

    private static String plainFirstFit(FixtureCluster cluster) {
        List<Host> candidates = cluster.hosts().stream()
                .filter(h -> h.utilization() <= 70 && h.overbooked().size() < 2)
                .sorted(Comparator.comparingInt(Host::id))
                .toList();
        List<Vm> queue = new ArrayList<>(cluster.queue());
        queue.sort(QueueOrder.FIFO);
        Map<Integer, Long> taken = new HashMap<>();
        Set<Integer> used = new HashSet<>();
        List<Decision> out = new ArrayList<>();
        for (Vm vm : queue) {
            for (Host host : candidates) {
                if (!used.contains(host.id()) && vm.mayRunOn(host)) {
                    used.add(host.id());
                    taken.put(host.id(), vm.id());
                    out.add(new Decision.Deploy(
                            org.overbookd.model.VmRef.of(vm),
                            org.overbookd.model.HostRef.of(host),
                            org.overbookd.policy.Reason.because("").build()));
                    break;
                }
            }
        }
        return PlacementTest.placements(out);
    }

    @Test
    void withoutConstraintsNothingChanges() {
        // the paper's VMs may run anywhere: the default of VmView
        VmView plain = new VmView() {
            @Override
            public long id() {
                return 1;
            }

            @Override
            public String name() {
                return "plain";
            }

            @Override
            public org.overbookd.model.QosClass qos() {
                return org.overbookd.model.QosClass.LOW;
            }

            @Override
            public org.overbookd.model.VmState state() {
                return org.overbookd.model.VmState.QUEUED;
            }

            @Override
            public Instant firstArrival() {
                return NOW;
            }

            @Override
            public Instant placedAt() {
                return null;
            }

            @Override
            public java.util.OptionalInt pinnedHost() {
                return java.util.OptionalInt.empty();
            }

            @Override
            public double load() {
                return 0;
            }
        };
        assertTrue(plain.mayRunOn(Host.of(7, 99)));
    }
}
