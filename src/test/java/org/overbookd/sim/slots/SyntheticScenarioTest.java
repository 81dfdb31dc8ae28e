package org.overbookd.sim.slots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbookd.policy.hybrid.Priorities;

/** The swinging built-in scenario has the shape the paper describes (section 4). */
class SyntheticScenarioTest {

    private static final List<Task> SEED_1 = SyntheticScenario.paperLike().generate(1);

    /**
     * Job arrivals are Poisson, so the count varies with the seed: jobs of 40 tasks in classes 0
     * and 4 give a standard deviation of about 1,500 tasks; 5% (3,400) is more than two of them.
     */
    @Test
    void about68000TasksIn15Hours() {
        assertEquals(68_000, SEED_1.size(), 68_000 * 0.05);
        double last = SEED_1.get(SEED_1.size() - 1).submit();
        assertTrue(last < 15 * 3600 && last > 14.5 * 3600, "last submission at " + last);
        for (int i = 1; i < SEED_1.size(); i++) {
            assertTrue(SEED_1.get(i - 1).submit() <= SEED_1.get(i).submit(), "sorted by submission");
        }
    }

    @Test
    void everyClassOccursClasses0And4DominateAndProductionIsRareButLong() {
        int[] count = new int[Priorities.COUNT];
        double[] cpu = new double[Priorities.COUNT];
        for (Task t : SEED_1) {
            count[t.priority()]++;
            cpu[t.priority()] += t.cpuSeconds();
        }
        for (int p = 0; p < Priorities.COUNT; p++) {
            assertTrue(count[p] > 0, "class " + p);
        }
        assertTrue(count[0] + count[4] > 0.7 * SEED_1.size(), "classes 0 and 4 are most tasks");
        int production = count[9] + count[10] + count[11];
        assertTrue(production < 0.08 * SEED_1.size(), "production is rare: " + production);
        double productionMean = (cpu[9] + cpu[10] + cpu[11]) / production;
        assertTrue(productionMean > 5 * cpu[0] / count[0], "production tasks are long");
    }

    @Test
    void theSameSeedGivesTheSameTasksAnotherSeedOthers() {
        assertEquals(SEED_1, SyntheticScenario.paperLike().generate(1));
        assertNotEquals(SEED_1, SyntheticScenario.paperLike().generate(2));
    }
}
