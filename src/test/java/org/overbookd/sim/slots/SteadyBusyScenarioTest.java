package org.overbookd.sim.slots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The default built-in scenario has the shape the issue and its class comment promise. */
class SteadyBusyScenarioTest {

    private static final List<Task> SEED_1 =
            Workloads.synthetic(Workloads.Scenario.STEADY, 1).tasks();

    @Test
    void about70000TasksOver15HoursOpeningOnAFullCluster() {
        // 68,000 expected in the stream (Poisson counts: a few hundred either way) and 3,050 at time 0
        assertEquals(71_050, SEED_1.size(), 71_050 * 0.03);
        assertTrue(SEED_1.get(SEED_1.size() - 1).submit() < 15 * 3600);
        // 3,050 expected at time 0, drawn as the stream is (Poisson, standard deviation about 55)
        assertEquals(
                3050,
                SEED_1.stream()
                        .filter(t -> t.submit() == 0 && t.id().startsWith("start-"))
                        .count(),
                165);
    }

    @Test
    void everyClassMostlyLowPriorityRareLongProduction() {
        long[] perClass = new long[12];
        SEED_1.forEach(t -> perClass[t.priority()]++);
        assertTrue(IntStream.range(0, 12).allMatch(c -> perClass[c] > 0), "all 12 priorities appear");
        long low = IntStream.rangeClosed(0, 4).mapToLong(c -> perClass[c]).sum();
        assertTrue(low > 0.7 * SEED_1.size(), "classes 0-4: " + low);
        assertTrue(perClass[10] + perClass[11] < 0.015 * SEED_1.size(), "classes 10-11 are rare");
        double median10 = SEED_1.stream()
                .filter(t -> t.priority() == 10)
                .mapToDouble(Task::cpuSeconds)
                .sorted()
                .skip(perClass[10] / 2)
                .findFirst()
                .orElseThrow();
        double median0 = SEED_1.stream()
                .filter(t -> t.priority() == 0 && !t.id().startsWith("start-"))
                .mapToDouble(Task::cpuSeconds)
                .sorted()
                .skip(perClass[0] / 2)
                .findFirst()
                .orElseThrow();
        assertTrue(median10 > 100 * median0, "production is long: " + median10 + " vs " + median0);
    }

    @Test
    void sameSeedSameTasksOtherSeedOthers() {
        assertEquals(SEED_1, Workloads.synthetic(Workloads.Scenario.STEADY, 1).tasks());
        assertNotEquals(
                SEED_1, Workloads.synthetic(Workloads.Scenario.STEADY, 2).tasks());
    }
}
