package org.overbookd.sim.overbooking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.overbookd.config.Bindings;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;

class SimulationTest {

    private static SimResult run(Settings s) {
        return new Simulation(SimBindings.simConfig(s), Bindings.overbookingPolicy(s)).run();
    }

    /**
     * The paper reports 69.4% mean utilization and 67,200 workload hours without overbooking. Our
     * run is one seeded sample of a stochastic week: seeds 1-10 give 67.9 to 69.7 (mean 69.0,
     * sim/README.md), all inside the 1.5-point tolerance; seed 1 gives 69.6. The hours are
     * exact: every core holds a high-QoS VM all week, 400 x 168 h.
     */
    @Test
    void baselineWithoutOverbookingMatchesThePaper() {
        SimResult r = run(Scenarios.paper(70, 90, 0));
        assertEquals(69.4, r.utilization(), 1.5);
        assertEquals(67_200.0, r.highHours(), 1e-6);
        assertEquals(0, r.suspends());
        assertEquals(0, r.deploys());
        assertEquals(0.0, r.overbookedHours());
        assertEquals(2016, r.steps(), "a week of 5-minute steps");
    }

    @Test
    void overbookingRaisesUtilizationAndKeepsTheHighQosWorkloadWhole() {
        SimResult baseline = run(Scenarios.paper(70, 90, 0));
        SimResult overbooked = run(Scenarios.paper(70, 90, 2));
        assertTrue(
                overbooked.utilization() > baseline.utilization() + 5,
                "2 slots at 90-70 should add several points: " + overbooked.utilization() + " vs "
                        + baseline.utilization());
        assertEquals(baseline.highHours(), overbooked.highHours(), 1e-6, "the high-QoS workload is identical");
        assertEquals(0, overbooked.refused(), "the policy never breaks a backend rule");
        assertTrue(overbooked.resumes() <= overbooked.suspends(), "only suspended VMs are resumed");
        assertTrue(overbooked.lowCompleted() > 0);
    }

    @Test
    void sameSeedGivesTheSameResultAndAnotherSeedAnother() {
        Settings s = Scenarios.small(70, 90, 2, 10, Duration.ofDays(2));
        assertEquals(run(s), run(s));
        assertNotEquals(run(s), run(s.with(Options.SIM_SEED, 2L)));
    }

    /** Above 2,048 hosts loads are drawn in parallel; the result must not depend on the thread count. */
    @Test
    void parallelLoadDrawsGiveTheSameResultAsOneThread() {
        Settings s = Scenarios.small(75, 95, 2, 2100, Duration.ofHours(6));
        SimConfig config = SimBindings.simConfig(s);
        SimResult one = new Simulation(
                        config,
                        Bindings.overbookingPolicy(s),
                        org.overbookd.audit.AuditLog.NONE,
                        Simulation.Progress.NONE,
                        1)
                .run();
        SimResult two = new Simulation(
                        config,
                        Bindings.overbookingPolicy(s),
                        org.overbookd.audit.AuditLog.NONE,
                        Simulation.Progress.NONE,
                        2)
                .run();
        assertEquals(one, two);
        assertTrue(one.deploys() > 0);
    }

    /**
     * Utilization is delivered CPU over capacity, so it can never exceed 100% even when demand does;
     * check it against an independent bound on a heavily overbooked cluster.
     */
    @Test
    void utilizationIsCappedAtCapacity() {
        Settings s = Scenarios.small(99, 100, 8, 5, Duration.ofDays(1)).with(Options.SIM_LOW_MU, 100.0);
        SimResult r = run(s);
        assertTrue(r.utilization() <= 100.0);
        assertTrue(r.degradation100() > 0, "8 slots at 99-100 must overload hosts");
    }

    /**
     * Sticky slots trade suspensions for interference: with every slot sticky (hosts x slots) no VM
     * is ever suspended, and hosts run above 100% more often than without; with some sticky slots,
     * fewer suspensions than none.
     */
    @Test
    void stickySlotsTradeSuspensionsForDegradation() {
        Settings plain = Scenarios.small(80, 95, 2, 20, Duration.ofDays(3));
        SimResult none = run(plain);
        SimResult some = run(plain.with(Options.STICKY_SLOTS, 15));
        SimResult all = run(plain.with(Options.STICKY_SLOTS, 40));
        assertEquals(0, all.suspends());
        assertTrue(some.suspends() < none.suspends(), some.suspends() + " vs " + none.suspends());
        assertTrue(all.degradation100() > none.degradation100(), all.degradation100() + " vs " + none.degradation100());
        assertEquals(0, some.refused());
    }

    @Test
    void operationCostsKeepVmsFromWorking() {
        Settings cheap = Scenarios.small(70, 90, 2, 10, Duration.ofDays(2)).with(Options.SIM_OP_COST, Duration.ZERO);
        Settings dear = cheap.with(Options.SIM_OP_COST, Duration.ofMinutes(4));
        SimResult a = run(cheap);
        SimResult b = run(dear);
        assertTrue(
                b.overbookedHours() < a.overbookedHours(),
                "4-minute operations must cost working hours: " + b.overbookedHours() + " vs " + a.overbookedHours());
    }
}
