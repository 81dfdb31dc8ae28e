package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.overbookd.backend.simulated.load.NoisyLoad;

class VmsByIdTest {

    private static LowQosVm vm(long id) {
        return new LowQosVm(id, new NoisyLoad(80, 15), new SplittableRandom(id), 1000, 0, Instant.EPOCH);
    }

    /**
     * Against a HashMap under random puts and removes over ids that rise as the factory's do, with
     * gaps, pages filled and emptied (and filled again), and lookups of ids never held, negative,
     * or far beyond the last: the same answer, by identity, every time.
     */
    @Test
    void answersAsAMapDoesUnderRandomPutsAndRemoves() {
        SplittableRandom rnd = new SplittableRandom(15);
        VmsById table = new VmsById();
        Map<Long, LowQosVm> reference = new HashMap<>();
        long nextId = 0;
        for (int op = 0; op < 300_000; op++) {
            int r = rnd.nextInt(10);
            if (r < 4) {
                nextId += rnd.nextInt(50) == 0 ? rnd.nextInt(5_000) : 1; // high-QoS VMs take ids in between
                LowQosVm vm = vm(nextId);
                table.put(vm);
                reference.put(vm.id, vm);
            } else if (r < 7 && nextId > 0) {
                long id = Math.max(0, nextId - rnd.nextInt(30_000));
                LowQosVm held = reference.get(id);
                if (held != null) {
                    table.remove(held);
                    reference.remove(id);
                } else {
                    table.remove(vm(id)); // not held: nothing happens
                }
            } else {
                long id = switch (rnd.nextInt(4)) {
                    case 0 -> -1 - rnd.nextInt(1000);
                    case 1 -> nextId + 1 + rnd.nextInt(1 << 20);
                    default -> Math.max(0, nextId - rnd.nextInt(40_000));
                };
                assertSame(reference.get(id), table.get(id), "id " + id + " at op " + op);
            }
        }
        for (long id = Math.max(0, nextId - 200_000); id <= nextId; id++) {
            assertSame(reference.get(id), table.get(id), "id " + id);
        }
    }

    /** Removing a VM forgets only that VM: another one put under its id stays. */
    @Test
    void removesOnlyTheVmItIsGiven() {
        VmsById table = new VmsById();
        LowQosVm first = vm(5);
        LowQosVm second = vm(5);
        table.put(first);
        table.put(second);
        table.remove(first);
        assertSame(second, table.get(5));
        table.remove(second);
        assertNull(table.get(5));
        assertThrows(IllegalArgumentException.class, () -> table.put(vm(-3)));
    }
    /** A page emptied down to its last VM still finds it; emptied, it finds none; refilled, it finds the new one. */
    @Test
    void aPageKeepsItsLastVmGoesWithItAndComesBack() {
        VmsById table = new VmsById();
        LowQosVm[] vms = new LowQosVm[3 * 4096];
        for (int id = 0; id < vms.length; id++) {
            vms[id] = vm(id);
            table.put(vms[id]);
        }
        for (int id = 4096; id < 2 * 4096 - 1; id++) {
            table.remove(vms[id]);
        }
        LowQosVm last = vms[2 * 4096 - 1];
        assertSame(last, table.get(last.id));
        assertNull(table.get(4096));
        table.remove(last);
        assertNull(table.get(last.id));
        assertSame(vms[4095], table.get(4095));
        assertSame(vms[2 * 4096], table.get(2 * 4096));
        LowQosVm again = vm(5000);
        table.put(again);
        assertSame(again, table.get(5000));
        assertNull(table.get(5001));
    }
}
