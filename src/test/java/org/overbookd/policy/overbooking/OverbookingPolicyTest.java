package org.overbookd.policy.overbooking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.overbookd.model.FixtureCluster;
import org.overbookd.model.FixtureCluster.Host;
import org.overbookd.model.FixtureCluster.Vm;
import org.overbookd.policy.cluster.Decision;

class OverbookingPolicyTest {

    private static final Instant NOW = FixtureCluster.at(3600);

    private static List<Decision> decide(OverbookingSettings settings, FixtureCluster cluster) {
        return new OverbookingPolicy(settings).decide(cluster, NOW);
    }

    private static OverbookingSettings bounds(double lower, double upper, int slots) {
        return new OverbookingSettings(lower, upper, slots, HostOrder.LEAST_UTILIZED);
    }

    @Nested
    class AddingOverbookedVms {

        @Test
        void hostExactlyAtTheLowerBoundIsACandidate() {
            var cluster = new FixtureCluster().host(Host.of(0, 70.0)).queue(Vm.queued(1, 0));
            List<Decision> d = decide(bounds(70, 90, 1), cluster);
            assertEquals(1, d.size());
            Decision.Deploy deploy = assertInstanceOf(Decision.Deploy.class, d.get(0));
            assertEquals(1, deploy.vm().id());
            assertEquals(0, deploy.host().id());
        }

        @Test
        void hostJustAboveTheLowerBoundIsNot() {
            var cluster = new FixtureCluster().host(Host.of(0, 70.001)).queue(Vm.queued(1, 0));
            assertTrue(decide(bounds(70, 90, 1), cluster).isEmpty());
        }

        @Test
        void hostWithAllSlotsInUseGetsNothing() {
            var cluster = new FixtureCluster()
                    .host(Host.of(0, 50, Vm.running(7, 0), Vm.running(8, 0)))
                    .queue(Vm.queued(1, 0));
            assertTrue(decide(bounds(70, 90, 2), cluster).isEmpty());
            assertEquals(1, decide(bounds(70, 90, 3), cluster).size(), "a third slot makes room");
        }

        @Test
        void hostWithAnOperationInFlightGetsNothing() {
            var cluster = new FixtureCluster().host(Host.of(0, 10).busy()).queue(Vm.queued(1, 0));
            assertTrue(decide(bounds(70, 90, 3), cluster).isEmpty());
        }

        @Test
        void zeroSlotsIsTheBaselineWithoutOverbooking() {
            var cluster = new FixtureCluster().host(Host.of(0, 10)).queue(Vm.queued(1, 0));
            assertTrue(decide(bounds(70, 90, 0), cluster).isEmpty());
        }

        @Test
        void emptyQueueDecidesNothing() {
            var cluster = new FixtureCluster().host(Host.of(0, 10)).host(Host.of(1, 20));
            assertTrue(decide(bounds(70, 90, 2), cluster).isEmpty());
        }

        @Test
        void eachHostReceivesAtMostOneVmPerStep() {
            var cluster =
                    new FixtureCluster().host(Host.of(0, 10)).queue(Vm.queued(1, 0), Vm.queued(2, 1), Vm.queued(3, 2));
            List<Decision> d = decide(bounds(70, 90, 3), cluster);
            assertEquals(1, d.size());
            assertEquals(1, d.get(0).vm().id(), "the oldest arrival goes first");
        }

        @Test
        void schedulesUntilHostsRunOut() {
            var cluster = new FixtureCluster()
                    .host(Host.of(0, 60))
                    .host(Host.of(1, 30))
                    .host(Host.of(2, 80))
                    .queue(Vm.queued(1, 0), Vm.queued(2, 10), Vm.queued(3, 20));
            List<Decision> d = decide(bounds(70, 90, 1), cluster);
            assertEquals(2, d.size(), "host 2 is above the lower bound");
            assertEquals(List.of(1L, 2L), d.stream().map(x -> x.vm().id()).toList());
            assertEquals(List.of(1, 0), d.stream().map(x -> x.host().id()).toList(), "least utilized first");
        }

        @Test
        void schedulesUntilRequestsRunOut() {
            var cluster = new FixtureCluster()
                    .host(Host.of(0, 60))
                    .host(Host.of(1, 30))
                    .host(Host.of(2, 20))
                    .queue(Vm.queued(5, 0));
            List<Decision> d = decide(bounds(70, 90, 1), cluster);
            assertEquals(1, d.size());
            assertEquals(2, d.get(0).host().id());
        }

        @Test
        void indexOrderTakesHostsByIdInstead() {
            var cluster = new FixtureCluster()
                    .host(Host.of(3, 60))
                    .host(Host.of(1, 65))
                    .host(Host.of(2, 10))
                    .queue(Vm.queued(1, 0), Vm.queued(2, 1));
            List<Decision> d = decide(new OverbookingSettings(70, 90, 1, HostOrder.INDEX), cluster);
            assertEquals(List.of(1, 2), d.stream().map(x -> x.host().id()).toList());
        }

        @Test
        void reasonNamesTheHostTheBoundAndTheSlots() {
            var cluster = new FixtureCluster()
                    .host(Host.of(4, 58.14, Vm.running(9, 0)))
                    .queue(Vm.queued(1, 0));
            Decision d = decide(bounds(60, 90, 2), cluster).get(0);
            assertEquals(
                    "host host-4 at 58.1% <= lower bound 60% with 1 of 2 slots in use: deploy VM 1,"
                            + " first in the queue (new, arrived 2024-01-01T00:00:00Z)",
                    d.reason().text());
            assertEquals(58.14, d.reason().facts().get("host_utilization"));
            assertEquals(1, d.reason().facts().get("slots_in_use"));
        }
    }

    @Nested
    class QueueOrder {

        @Test
        void suspendedVmsComeFirstOldestArrivalFirstThenNewInArrivalOrder() {
            var cluster = new FixtureCluster();
            for (int h = 0; h < 5; h++) {
                cluster.host(Host.of(h, 10 + h));
            }
            cluster.queue(
                    Vm.queued(1, 100), Vm.suspended(2, 500), Vm.queued(3, 50), Vm.suspended(4, 200), Vm.queued(5, 50));
            List<Decision> d = decide(bounds(70, 90, 1), cluster);
            assertEquals(
                    List.of(4L, 2L, 3L, 5L, 1L),
                    d.stream().map(x -> x.vm().id()).toList(),
                    "suspended by first arrival, then new by arrival, ties by id");
            assertInstanceOf(Decision.Resume.class, d.get(0));
            assertInstanceOf(Decision.Resume.class, d.get(1));
            assertInstanceOf(Decision.Deploy.class, d.get(2));
        }

        @Test
        void longQueueWithFewHostsStillTakesTheHead() {
            var cluster = new FixtureCluster().host(Host.of(0, 10)).host(Host.of(1, 20));
            for (long id = 1000; id > 0; id--) {
                cluster.queue(Vm.queued(id, id));
            }
            cluster.queue(Vm.suspended(5000, 9999));
            List<Decision> d = decide(bounds(70, 90, 1), cluster);
            assertEquals(List.of(5000L, 1L), d.stream().map(x -> x.vm().id()).toList());
        }

        /**
         * The head is taken by a bounded heap when it is short against the queue and by sorting the
         * whole queue when it is not: both must give the queue's first VMs in order, with VMs pinned
         * to other hosts left out. Queues from a third to three times the candidates cover both.
         */
        @Test
        void theHeadIsTheQueuesFirstVmsWhateverItsLengthAgainstTheCandidates() {
            java.util.SplittableRandom random = new java.util.SplittableRandom(15);
            for (int queued : new int[] {10, 29, 30, 31, 59, 60, 61, 90}) {
                var cluster = new FixtureCluster();
                for (int h = 0; h < 30; h++) {
                    cluster.host(Host.of(h, 10 + h));
                }
                cluster.host(Host.of(30, 85)); // above the lower bound: VMs pinned here wait
                List<Vm> vms = new java.util.ArrayList<>();
                for (long id = 1; id <= queued; id++) {
                    long arrival = random.nextInt(50);
                    int kind = random.nextInt(4);
                    vms.add(
                            kind == 0
                                    ? Vm.suspended(id, arrival)
                                    : kind == 1 ? Vm.suspendedOn(id, arrival, 30) : Vm.queued(id, arrival));
                }
                cluster.queue(vms.toArray(Vm[]::new));
                List<Long> expected = vms.stream()
                        .filter(vm -> vm.pinnedHost().isEmpty())
                        .sorted(org.overbookd.policy.overbooking.QueueOrder.FIFO)
                        .limit(30)
                        .map(Vm::id)
                        .toList();
                List<Decision> d = decide(bounds(70, 90, 1), cluster);
                assertEquals(expected, d.stream().map(x -> x.vm().id()).toList(), queued + " queued");
            }
        }

        @Test
        void pinnedVmOnlyReturnsToItsOwnHost() {
            var cluster = new FixtureCluster()
                    .host(Host.of(0, 10))
                    .host(Host.of(1, 80))
                    .queue(Vm.suspendedOn(1, 0, 1), Vm.queued(2, 5));
            List<Decision> d = decide(bounds(70, 90, 1), cluster);
            assertEquals(1, d.size(), "host 1 is above the lower bound, so VM 1 waits");
            assertEquals(2, d.get(0).vm().id());
            assertEquals(0, d.get(0).host().id());
        }

        @Test
        void twoVmsPinnedToOneHostDoNotStarveTheNext() {
            var cluster = new FixtureCluster().host(Host.of(0, 10)).host(Host.of(1, 20));
            cluster.queue(Vm.suspendedOn(1, 0, 0), Vm.suspendedOn(2, 1, 0), Vm.queued(3, 2));
            for (long id = 100; id < 300; id++) {
                cluster.queue(Vm.queued(id, id));
            }
            List<Decision> d = decide(bounds(70, 90, 1), cluster);
            assertEquals(List.of(1L, 3L), d.stream().map(x -> x.vm().id()).toList());
            assertEquals(List.of(0, 1), d.stream().map(x -> x.host().id()).toList());
        }
    }

    @Nested
    class SuspendingOverbookedVms {

        @Test
        void hostExactlyAtTheUpperBoundSuspendsTheVmAddedLast() {
            var cluster = new FixtureCluster().host(Host.of(0, 90.0, Vm.running(1, 0), Vm.running(2, 50)));
            List<Decision> d = decide(bounds(70, 90, 2), cluster);
            assertEquals(1, d.size());
            Decision.Suspend s = assertInstanceOf(Decision.Suspend.class, d.get(0));
            assertEquals(2, s.vm().id(), "the overbooked VM added last");
            assertEquals(
                    "host host-0 at 90.0% >= upper bound 90%: suspend VM 2, the overbooked VM added last",
                    s.reason().text());
        }

        @Test
        void aVmThatIsNotRunningIsNeverTheVictim() {
            // a VM that failed to boot holds its slot on a host with nothing in flight (OpenNebula's *_FAILURE)
            var failed = new Vm(
                    2,
                    org.overbookd.model.QosClass.LOW,
                    org.overbookd.model.VmState.BOOTING,
                    FixtureCluster.at(50),
                    java.util.OptionalInt.empty(),
                    0);
            var cluster = new FixtureCluster().host(Host.of(0, 95.0, Vm.running(1, 0), failed));
            List<Decision> d = decide(bounds(70, 90, 2), cluster);
            assertEquals(1, d.size());
            assertEquals(
                    1, assertInstanceOf(Decision.Suspend.class, d.get(0)).vm().id(), "the running one");
            var onlyFailed = new FixtureCluster().host(Host.of(0, 95.0, failed));
            assertTrue(decide(bounds(70, 90, 2), onlyFailed).isEmpty(), "nothing that could be suspended");
        }

        @Test
        void hostJustBelowTheUpperBoundKeepsItsVms() {
            var cluster = new FixtureCluster().host(Host.of(0, 89.999, Vm.running(1, 0)));
            assertTrue(decide(bounds(70, 90, 2), cluster).isEmpty());
        }

        @Test
        void hostAboveTheUpperBoundWithoutOverbookedVmsIsLeftAlone() {
            var cluster = new FixtureCluster().host(Host.of(0, 120));
            assertTrue(decide(bounds(70, 90, 2), cluster).isEmpty(), "high-QoS load alone is never acted on");
        }

        @Test
        void oneSuspensionPerHostPerStep() {
            var cluster =
                    new FixtureCluster().host(Host.of(0, 130, Vm.running(1, 0), Vm.running(2, 0), Vm.running(3, 0)));
            assertEquals(1, decide(bounds(70, 90, 3), cluster).size());
        }

        @Test
        void hostWithAnOperationInFlightWaitsForTheNextStep() {
            var cluster =
                    new FixtureCluster().host(new Host(0, 8, 99, List.of(Vm.running(1, 0), Vm.booting(2, 0)), true));
            assertTrue(decide(bounds(70, 90, 2), cluster).isEmpty());
        }

        @Test
        void suspensionsComeBeforePlacementsAndEveryHostIsJudgedOnItsOwn() {
            var cluster = new FixtureCluster()
                    .host(Host.of(0, 95, Vm.running(1, 0)))
                    .host(Host.of(1, 40))
                    .queue(Vm.queued(2, 0));
            List<Decision> d = decide(bounds(70, 90, 1), cluster);
            assertEquals(2, d.size());
            assertInstanceOf(Decision.Suspend.class, d.get(0));
            assertEquals(0, d.get(0).host().id());
            assertInstanceOf(Decision.Deploy.class, d.get(1));
            assertEquals(1, d.get(1).host().id());
        }
    }

    @Test
    void settingsRejectInvertedOrOutOfRangeBoundsAndNegativeSlots() {
        assertThrows(IllegalArgumentException.class, () -> bounds(90, 90, 1));
        assertThrows(IllegalArgumentException.class, () -> bounds(95, 90, 1));
        assertThrows(IllegalArgumentException.class, () -> bounds(-1, 90, 1));
        assertThrows(IllegalArgumentException.class, () -> bounds(60, 101, 1));
        assertThrows(IllegalArgumentException.class, () -> bounds(60, 90, -1));
    }
}
