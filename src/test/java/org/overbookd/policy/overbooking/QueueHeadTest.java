package org.overbookd.policy.overbooking;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.overbookd.model.FixtureCluster;
import org.overbookd.model.FixtureCluster.Host;
import org.overbookd.model.FixtureCluster.Vm;
import org.overbookd.model.HostView;
import org.overbookd.model.QosClass;
import org.overbookd.model.VmState;
import org.overbookd.model.VmView;

/**
 * {@link QueueHead} against its definition: keep the VMs that can go to a candidate, sort them with
 * the rule's comparator ({@link QueueOrder#FIFO}, or Q then FIFO), cut after the candidates plus one
 * place per eligible pinned VM. Random queues (fixed seed) in random order, with arrival ties within
 * a second and across nanoseconds, pinned VMs on candidates and elsewhere, NaN and infinite Q, and
 * heads from empty to the whole queue, asked again longer as the policy's retry does: every head is
 * the same VMs, object for object, in the same order.
 */
class QueueHeadTest {

    private static final Instant NOW = FixtureCluster.at(40_000);

    @Test
    void theHeadIsTheSortedEligibleQueueCut() {
        SplittableRandom random = new SplittableRandom(20261124);
        int truncated = 0;
        int pinnedHeads = 0;
        for (int round = 0; round < 400; round++) {
            int hostCount = 1 + random.nextInt(30);
            List<HostView> candidates = new ArrayList<>();
            for (int h = 0; h < hostCount; h++) {
                if (random.nextInt(3) != 0) {
                    candidates.add(Host.of(h * 7, 50));
                }
            }
            if (candidates.isEmpty()) {
                candidates.add(Host.of(0, 50));
            }
            List<Vm> queue = randomQueue(random, hostCount * 7, round % 3 == 0 ? 2_000 : 1 + random.nextInt(120));
            boolean qos = random.nextInt(3) == 0;
            boolean anyPinned = queue.stream().anyMatch(vm -> vm.pinnedHost().isPresent());
            CandidatePositions positions = anyPinned ? new CandidatePositions(candidates) : CandidatePositions.NONE;
            Urgency urgency = new Urgency(NOW, new QosTerms(0.5, Duration.ofSeconds(30)));
            QueueHead head = new QueueHead(queue, positions, qos ? urgency : null);

            Map<Integer, Integer> byId = new HashMap<>();
            for (int i = 0; i < candidates.size(); i++) {
                byId.put(candidates.get(i).id(), i);
            }
            Comparator<VmView> order = qos
                    ? Comparator.<VmView>comparingDouble(urgency::of).thenComparing(QueueOrder.FIFO)
                    : QueueOrder.FIFO;
            List<VmView> eligible = new ArrayList<>(queue.stream()
                    .filter(vm -> vm.pinnedHost().isEmpty()
                            || byId.containsKey(vm.pinnedHost().getAsInt()))
                    .map(VmView.class::cast)
                    .toList());
            eligible.sort(order);
            long pinned =
                    eligible.stream().filter(vm -> vm.pinnedHost().isPresent()).count();

            // as the policy asks: the candidates first, then twice as many, until the queue is exhausted
            for (int ask = random.nextInt(candidates.size() + 1); ; ask = Math.max(1, 2 * ask)) {
                QueueHead.Head got = head.fill(ask);
                int keep = (int) Math.min(ask + pinned, eligible.size());
                String where = "round " + round + ", " + (qos ? "QoS" : "FIFO") + ", asked " + ask;
                assertEquals(keep, got.vms().size(), where);
                for (int i = 0; i < keep; i++) {
                    assertSame(eligible.get(i), got.vms().get(i), where + ", place " + i);
                }
                assertEquals(keep < eligible.size(), got.truncated(), where);
                if (pinned == 0) {
                    assertNull(got.pinnedTo(), where);
                } else {
                    int[] expected = got.vms().stream()
                            .mapToInt(vm -> vm.pinnedHost().isPresent()
                                    ? byId.get(vm.pinnedHost().getAsInt())
                                    : -1)
                            .toArray();
                    assertArrayEquals(expected, got.pinnedTo(), where);
                    pinnedHeads++;
                }
                truncated += got.truncated() ? 1 : 0;
                if (!got.truncated()) {
                    break;
                }
            }
        }
        assertTrue(truncated > 300, "heads shorter than the queue were asked for: " + truncated);
        assertTrue(pinnedHeads > 100, "heads with pinned VMs were asked for: " + pinnedHeads);
    }

    /** Arrivals from few seconds and nanoseconds (ties broken by id), ids unique in random order. */
    private static List<Vm> randomQueue(SplittableRandom random, int hostIds, int n) {
        List<Vm> queue = new ArrayList<>(n);
        long[] ids = random.longs(n, 0, Long.MAX_VALUE).toArray();
        for (int i = 0; i < n; i++) {
            Instant arrival = FixtureCluster.at(random.nextInt(20)).plusNanos(random.nextInt(3) * 500_000_000L);
            boolean suspended = random.nextInt(3) == 0;
            OptionalInt pin = suspended && random.nextInt(3) == 0
                    ? OptionalInt.of(random.nextInt(hostIds + 5))
                    : OptionalInt.empty();
            Vm vm = new Vm(ids[i], QosClass.LOW, suspended ? VmState.SUSPENDED : VmState.QUEUED, arrival, pin, 0);
            vm = switch (random.nextInt(6)) {
                case 0 -> vm.ran(random.nextInt(3000), -1); // some run behind them
                case 1 -> vm.slo(0); // Q infinite
                case 2 -> vm.slo(random.nextInt(4) * 0.3);
                default -> vm;
            };
            queue.add(vm);
        }
        return queue;
    }
}
