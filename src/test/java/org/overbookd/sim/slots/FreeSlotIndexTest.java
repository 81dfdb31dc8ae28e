package org.overbookd.sim.slots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class FreeSlotIndexTest {

    /** Servers 0 and 2 are one tier (0.5/24), server 1 the powerful one (1.0/24). */
    private static Infrastructure mixed() {
        return new Infrastructure(List.of(
                new ServerType("A", 1, 0.5, 0.5, 12, 24),
                new ServerType("D", 1, 1.0, 1.0, 24, 24),
                new ServerType("D48", 1, 1.0, 1.0, 24, 48)));
    }

    @Test
    void tiersGroupEqualCpuPerSlotHighestFirst() {
        Infrastructure infra = mixed();
        assertEquals(2, infra.tiers());
        assertEquals(0, infra.tierOf(1));
        assertEquals(1, infra.tierOf(0));
        assertEquals(1, infra.tierOf(2));
        assertEquals(72, infra.tierSlots(1));
    }

    @Test
    void theKthFreeSlotOfATierWalksItsServersInOrder() {
        FreeSlotIndex free = new FreeSlotIndex(mixed());
        assertEquals(96, free.free());
        assertEquals(24, free.free(0));
        assertEquals(72, free.free(1));
        assertEquals(1, free.server(0, 23));
        assertEquals(0, free.server(1, 0));
        assertEquals(0, free.server(1, 23));
        assertEquals(2, free.server(1, 24));
        assertEquals(2, free.server(1, 71));
        for (int i = 0; i < 24; i++) {
            free.take(0);
        }
        assertEquals(48, free.free(1));
        assertEquals(2, free.server(1, 0));
        free.release(0);
        assertEquals(0, free.server(1, 0));
        assertEquals(2, free.server(1, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> free.server(1, 49));
    }
}
