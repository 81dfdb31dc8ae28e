package org.overbookd.sim.slots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The calibrated built-in scenario is the frozen point of its family, with the shape its knobs say. */
class CalibratedScenarioTest {

    private static final List<Task> SEED_1 =
            Workloads.synthetic(Workloads.Scenario.CALIBRATED, 1).tasks();

    @Test
    void about30000TasksOver15Hours() {
        // 2,000 an hour expected; jobs of up to 40 tasks make the count vary by a few thousand
        assertEquals(29_634, SEED_1.size());
        assertTrue(SEED_1.get(SEED_1.size() - 1).submit() < 15 * 3600);
        assertEquals(SEED_1, CalibratedScenario.CALIBRATED.tasks(1));
        assertNotEquals(SEED_1, CalibratedScenario.CALIBRATED.tasks(2));
    }

    /** lowDemand multiplies classes 0-4's demands and nothing else: the same draws, four times as long. */
    @Test
    void lowDemandScalesClassesZeroToFourOnly() {
        List<Task> plain = new CalibratedScenario(15, 2000, 1, 0.8).tasks(1);
        assertEquals(plain.size(), SEED_1.size());
        for (int i = 0; i < plain.size(); i++) {
            Task a = plain.get(i);
            Task b = SEED_1.get(i);
            assertEquals(a.id(), b.id());
            assertEquals(a.cpuSeconds() * (a.priority() <= 4 ? 4 : 1), b.cpuSeconds(), 1e-9 * b.cpuSeconds(), a.id());
        }
    }

    @Test
    void knobsOutsideTheirRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CalibratedScenario(15, 2000, 0, 0.8));
        assertThrows(IllegalArgumentException.class, () -> new CalibratedScenario(15, 2000, 4, 1));
        assertThrows(IllegalArgumentException.class, () -> new CalibratedScenario(0, 2000, 4, 0.8));
    }
}
