package org.overbookd.sim.slots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Table 1 as shipped: the counts the paper gives. */
class InfrastructureTest {

    @Test
    void table1Has125ServersAnd3072SlotsOfWhich120ArePowerful() {
        Infrastructure t1 = Infrastructure.table1();
        assertEquals(125, t1.servers());
        assertEquals(3072, t1.totalSlots());
        assertEquals(2, t1.tiers());
        assertTrue(t1.tierPowerful(0));
        assertFalse(t1.tierPowerful(1));
        assertEquals(120, t1.powerfulSlots());
        assertEquals(1.0 / 24, t1.tierCpuPerSlot(0));
        assertEquals(0.5 / 24, t1.tierCpuPerSlot(1));
    }

    /** The paper's "6.5% of all slots" is 200 / 3,072 = 6.51% rounded to one decimal, hence the half-tenth. */
    @Test
    void twoHundredStickySlotsAre6Point5PercentOfThem() {
        assertEquals(0.065, 200.0 / Infrastructure.table1().totalSlots(), 0.0005);
    }
}
