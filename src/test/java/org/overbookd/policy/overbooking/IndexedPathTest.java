package org.overbookd.policy.overbooking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.overbookd.model.BoundScan;
import org.overbookd.model.ClusterView;
import org.overbookd.model.FixtureCluster;
import org.overbookd.model.FixtureCluster.Host;
import org.overbookd.model.FixtureCluster.Vm;
import org.overbookd.model.HostView;
import org.overbookd.model.QueueIndex;
import org.overbookd.model.VmSize;
import org.overbookd.model.VmState;
import org.overbookd.model.VmView;
import org.overbookd.policy.cluster.Decision;

/**
 * The policy's two ways through a step, on random views (fixed seed): with a view that also offers
 * {@link BoundScan} and {@link QueueIndex} (written here straight from their contracts) and with the
 * plain view, the decisions and their reasons are the same, under every rule the settings allow.
 */
class IndexedPathTest {

    private static final Instant NOW = FixtureCluster.at(40_000);
    private static final Comparator<VmView> BY_ARRIVAL =
            Comparator.<VmView, Instant>comparing(VmView::firstArrival).thenComparingLong(VmView::id);

    /** A fixture view with both optional indexes, each computed the slow, obvious way. */
    private record Indexed(FixtureCluster plain) implements ClusterView, BoundScan, QueueIndex {
        @Override
        public List<Host> hosts() {
            return plain.hosts();
        }

        @Override
        public List<Vm> queue() {
            return plain.queue();
        }

        @Override
        public List<HostView> overbookedAtOrAbove(double atLeast) {
            return hosts().stream()
                    .filter(h -> !h.operationInFlight() && !h.overbooked().isEmpty() && !(h.utilization() < atLeast))
                    .map(HostView.class::cast)
                    .toList();
        }

        @Override
        public List<HostView> withFreeSlotAtOrBelow(int slots, double atMost) {
            // a fresh list the policy may sort
            return new ArrayList<>(hosts().stream()
                    .filter(h -> !h.operationInFlight() && h.overbooked().size() < slots && h.utilization() <= atMost)
                    .map(HostView.class::cast)
                    .toList());
        }

        @Override
        public int queued() {
            return queue().size();
        }

        @Override
        public boolean anyPinned() {
            return queue().stream().anyMatch(vm -> vm.pinnedHost().isPresent());
        }

        @Override
        public boolean anySized() {
            return queue().stream().anyMatch(vm -> !vm.size().equals(VmSize.UNKNOWN));
        }

        @Override
        public Iterator<Vm> suspendedByArrival() {
            return queue().stream()
                    .filter(vm -> vm.state() == VmState.SUSPENDED)
                    .sorted(BY_ARRIVAL)
                    .iterator();
        }

        @Override
        public Iterator<Vm> othersByArrival() {
            return queue().stream()
                    .filter(vm -> vm.state() != VmState.SUSPENDED)
                    .sorted(BY_ARRIVAL)
                    .iterator();
        }
    }

    @Test
    void indexedAndGeneralPathsDecideAlike() {
        SplittableRandom random = new SplittableRandom(20261124);
        int decisions = 0;
        int indexedHeads = 0;
        for (int round = 0; round < 1000; round++) {
            FixtureCluster cluster = randomCluster(random);
            OverbookingSettings settings = randomSettings(random);
            OverbookingPolicy policy = new OverbookingPolicy(settings);
            List<Decision> general = policy.decide(cluster, NOW);
            List<Decision> indexed = policy.decide(new Indexed(cluster), NOW);
            assertEquals(general, indexed, "round " + round + " with " + settings);
            decisions += general.size();
            boolean pinned =
                    cluster.queue().stream().anyMatch(vm -> vm.pinnedHost().isPresent());
            if (!pinned
                    && settings.queue() == QueueRule.FIFO
                    && general.stream().anyMatch(d -> !(d instanceof Decision.Suspend))) {
                indexedHeads++;
            }
        }
        assertTrue(decisions > 2_500, "the views were busy enough: " + decisions + " decisions");
        assertTrue(indexedHeads > 200, "the queue's head was read from the index often: " + indexedHeads);
    }

    private static OverbookingSettings randomSettings(SplittableRandom random) {
        double lower = random.nextInt(4) == 0 ? 50 : 75;
        double upper = random.nextInt(4) == 0 ? 90 : 95;
        HostOrder order = random.nextBoolean() ? HostOrder.LEAST_UTILIZED : HostOrder.INDEX;
        QueueRule queue = random.nextInt(3) == 0 ? QueueRule.QOS : QueueRule.FIFO;
        VictimRule victim = random.nextInt(3) == 0 ? VictimRule.QOS : VictimRule.LAST_ADDED;
        Placement placement = random.nextInt(3) == 0 ? Placement.MAXWEIGHT : Placement.FIRST_FIT;
        return new OverbookingSettings(
                lower,
                upper,
                random.nextInt(4),
                order,
                random.nextInt(4) == 0 ? 2 : 0,
                queue,
                victim,
                new QosTerms(0.5, Duration.ofSeconds(30)),
                placement);
    }

    private static FixtureCluster randomCluster(SplittableRandom random) {
        FixtureCluster cluster = new FixtureCluster();
        int hosts = 1 + random.nextInt(25);
        long id = 0;
        boolean sized = random.nextInt(3) == 0;
        boolean pins = random.nextInt(4) == 0;
        boolean constrained = random.nextInt(3) == 0; // VMs that may run on some hosts only
        double[] sizes = {0.5, 1, 2, 4};
        for (int h = 0; h < hosts; h++) {
            List<Vm> overbooked = new ArrayList<>();
            for (int k = random.nextInt(4); k > 0; k--) {
                Vm vm = random.nextInt(6) == 0
                        ? Vm.booting(id++, random.nextInt(30_000))
                        : Vm.running(id++, random.nextInt(30_000))
                                .ran(random.nextInt(5000), 30_000 + random.nextInt(5000))
                                .placed(30_000 + random.nextInt(5000));
                overbooked.add(vm);
            }
            double utilization = switch (random.nextInt(8)) {
                case 0 -> 75; // exactly on a bound
                case 1 -> 95;
                case 2 -> Double.NaN; // a broken probe: the scans' contracts say where it goes
                default -> random.nextDouble(40, 120);
            };
            cluster.host(new Host(h, 8, utilization, List.copyOf(overbooked), random.nextInt(5) == 0));
        }
        for (int k = random.nextInt(40); k > 0; k--) {
            // few distinct arrival times, so that ties are broken by id
            long arrival = 100L * random.nextInt(50);
            Vm vm = switch (random.nextInt(5)) {
                case 0 -> Vm.suspended(id++, arrival).ran(random.nextInt(3000), -1);
                case 1 ->
                    pins && random.nextBoolean()
                            ? Vm.suspendedOn(id++, arrival, random.nextInt(hosts + 2))
                            : Vm.suspended(id++, arrival);
                default -> Vm.queued(id++, arrival);
            };
            if (random.nextInt(5) == 0) {
                vm = vm.slo(random.nextInt(4) * 0.3);
            }
            if (sized && random.nextInt(6) != 0) {
                vm = vm.sized(sizes[random.nextInt(sizes.length)], 0);
            }
            if (constrained && random.nextBoolean()) {
                vm = vm.onlyOn(random.nextInt(hosts + 1), random.nextInt(hosts + 1) + hosts + 1);
            }
            cluster.queue(vm);
        }
        return cluster;
    }
}
