package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.overbookd.backend.simulated.load.NoisyLoad;
import org.overbookd.model.QosClass;

/**
 * {@link VmsById} against a {@code HashMap<Long, SimVm>}: the same answers to get, put and remove
 * through long random runs that fill, grow and drain the table (removals shift runs of colliding
 * entries back, the part a mistake would lose a VM in).
 */
class VmsByIdTest {

    private static final Instant EPOCH = Instant.parse("2024-01-01T00:00:00Z");

    private static SimVm vm(long id) {
        return new SimVm(id, QosClass.LOW, -1, new NoisyLoad(80, 15), new SplittableRandom(id), 1000, 0, EPOCH);
    }

    @Test
    void answersAsAHashMapDoes() {
        for (long seed = 0; seed < 8; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            // small id ranges crowd the table's runs; the last seeds use ids spread over all of long
            long range = seed < 4 ? 200 + 500 * seed : Long.MAX_VALUE;
            Map<Long, SimVm> reference = new HashMap<>();
            VmsById table = new VmsById();
            int[] putPercent = {80, 50, 20, 60};
            for (int phase = 0; phase < putPercent.length; phase++) {
                for (int op = 0; op < 20_000; op++) {
                    long id = range == Long.MAX_VALUE ? random.nextLong() : random.nextLong(range);
                    int dice = random.nextInt(100);
                    if (dice < putPercent[phase]) {
                        SimVm vm = vm(id);
                        reference.put(id, vm);
                        table.put(vm);
                    } else {
                        assertSame(reference.remove(id), table.remove(id), "remove " + id);
                    }
                    assertEquals(reference.size(), table.size());
                }
                for (Map.Entry<Long, SimVm> e : reference.entrySet()) {
                    assertSame(e.getValue(), table.get(e.getKey()), "get " + e.getKey());
                }
            }
        }
    }

    @Test
    void anAbsentIdIsNull() {
        VmsById table = new VmsById();
        assertNull(table.get(5));
        assertNull(table.remove(5));
        table.put(vm(5));
        assertNull(table.get(6));
        assertEquals(5, table.remove(5).id);
        assertNull(table.get(5));
        assertEquals(0, table.size());
    }
}
