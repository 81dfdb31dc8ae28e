package org.overbookd.sim.slots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Section 2.2: capacity over running tasks, at most one core. */
class CpuShareTest {

    @Test
    void fewerTasksThanCoresGetOneCoreEach() {
        assertEquals(0.5 / 12, CpuShare.rate(0.5, 12, 1));
        assertEquals(0.5 / 12, CpuShare.rate(0.5, 12, 11));
        assertEquals(0.5 / 12, CpuShare.rate(0.5, 12, 12));
    }

    @Test
    void moreTasksThanCoresShareTheCapacityEqually() {
        assertEquals(0.5 / 13, CpuShare.rate(0.5, 12, 13));
        assertEquals(0.5 / 24, CpuShare.rate(0.5, 12, 24));
    }

    /** C/N_s <= rate <= C/N_c for every count of running tasks up to the slots, on every Table 1 type. */
    @Test
    void theRateStaysBetweenTheSlotAverageAndOneCore() {
        for (ServerType type : ServerMix.table1()) {
            for (int running = 1; running <= type.slots(); running++) {
                double rate = CpuShare.rate(type.cpu(), type.cores(), running);
                assertTrue(rate >= type.cpuPerSlot() && rate <= type.cpu() / type.cores(), type + " x" + running);
            }
        }
    }

    @Test
    void noRunningTaskIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> CpuShare.rate(1.0, 24, 0));
    }
}
