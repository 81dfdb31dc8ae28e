package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.overbookd.backend.simulated.load.NoisyLoad;

/**
 * {@link ArrivalQueue} against the tree it replaced (a {@code TreeSet} by first arrival, then id):
 * the same answers to add and remove, the same size and the same order, through long runs of
 * random adds and removes that join and leave at the head, the tail and in between, and grow and
 * shrink it past its first capacity, with its own blocks and with blocks small enough (2 and 3
 * entries) to be split and emptied at almost every step.
 */
class ArrivalQueueTest {

    private static final Instant EPOCH = Instant.parse("2024-01-01T00:00:00Z");
    private static final Comparator<SimVm> BY_ARRIVAL =
            Comparator.<SimVm>comparingLong(v -> v.firstArrivalSeconds).thenComparingLong(v -> v.id);

    private static SimVm vm(long id, long arrivalSeconds) {
        return new LowQosVm(
                id,
                new NoisyLoad(80, 15),
                new SplittableRandom(id),
                1000,
                arrivalSeconds,
                EPOCH.plusSeconds(arrivalSeconds));
    }

    private static List<SimVm> list(Iterable<SimVm> vms) {
        List<SimVm> out = new ArrayList<>();
        vms.forEach(out::add);
        return out;
    }

    @ParameterizedTest(name = "blocks of {0}")
    @ValueSource(ints = {ArrivalQueue.BLOCK, 2, 3})
    void keepsTheTreesOrderThroughRandomAddsAndRemoves(int blockSize) {
        for (long seed = 0; seed < 6; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            // few distinct arrival seconds, so that ids break many ties
            List<SimVm> all = new ArrayList<>();
            for (int i = 0; i < 3000; i++) {
                all.add(vm(i, 300L * random.nextInt(40)));
            }
            TreeSet<SimVm> tree = new TreeSet<>(BY_ARRIVAL);
            ArrivalQueue queue = new ArrivalQueue(blockSize);
            // phases that grow, churn at the head, and empty it, as a long run does
            int[] addPercent = {90, 50, 50, 10, 70};
            for (int phase = 0; phase < addPercent.length; phase++) {
                for (int op = 0; op < 4000; op++) {
                    SimVm vm;
                    if (random.nextInt(100) < addPercent[phase]) {
                        vm = all.get(random.nextInt(all.size()));
                        assertEquals(tree.add(vm), queue.add(vm), "add " + vm.id);
                    } else {
                        vm = phase == 2 && !tree.isEmpty() ? tree.first() : all.get(random.nextInt(all.size()));
                        assertEquals(tree.remove(vm), queue.remove(vm), "remove " + vm.id);
                    }
                    assertEquals(tree.size(), queue.size());
                }
                assertEquals(list(tree), list(queue), "seed " + seed + ", phase " + phase);
            }
            for (SimVm vm : List.copyOf(tree)) {
                queue.remove(vm);
            }
            assertEquals(0, queue.size());
        }
    }

    @Test
    void aVmWithTheSameKeyIsNotAnother() {
        ArrivalQueue queue = new ArrivalQueue();
        SimVm a = vm(7, 600);
        assertEquals(true, queue.add(a));
        assertFalse(queue.add(a));
        assertFalse(queue.remove(vm(8, 600)), "another id");
        assertFalse(queue.remove(vm(7, 900)), "another arrival");
        assertEquals(List.of(a), list(queue));
    }

    @Test
    void itsIteratorIsReadOnlyAndEnds() {
        ArrivalQueue queue = new ArrivalQueue();
        queue.add(vm(1, 0));
        Iterator<SimVm> it = queue.iterator();
        it.next();
        assertThrows(UnsupportedOperationException.class, it::remove);
        assertThrows(NoSuchElementException.class, it::next);
        assertFalse(new ArrivalQueue().iterator().hasNext(), "an empty queue's iterator");
        assertThrows(
                NoSuchElementException.class,
                () -> new ArrivalQueue().iterator().next());
    }

    @Test
    void aBlockHoldsTwoEntriesAtLeast() {
        assertThrows(IllegalArgumentException.class, () -> new ArrivalQueue(1));
    }
}
