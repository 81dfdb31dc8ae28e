package org.overbookd.sim.overbooking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.overbookd.config.Bindings;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;

/** sim.suspend-cost and sim.resume-cost: off by default, and when set, the cost of those operations alone. */
class SuspendResumeCostTest {

    private static Settings small() {
        return Settings.defaults().with(Options.SIM_NODES, 10).with(Options.SIM_DURATION, Duration.ofDays(1));
    }

    private static SimResult run(Settings s) {
        return new Simulation(SimBindings.simConfig(s), Bindings.overbookingPolicy(s)).run();
    }

    @Test
    void unsetCostsAreTheOperationCostSoThePaperRunsDoNotMove() {
        Settings s = small();
        assertEquals(Optional.empty(), s.get(Options.SIM_SUSPEND_COST));
        var world = SimBindings.simConfig(s).world();
        assertEquals(30, world.suspendCostSeconds());
        assertEquals(30, world.resumeCostSeconds());
        Settings same = s.with(Options.SIM_SUSPEND_COST, Optional.of(Duration.ofSeconds(30)))
                .with(Options.SIM_RESUME_COST, Optional.of(Duration.ofSeconds(30)));
        assertEquals(run(s), run(same));
    }

    @Test
    void measuredCostsChangeOnlySuspensionsAndResumes() {
        Settings s = small().with(Options.SIM_SUSPEND_COST, Optional.of(Duration.ofSeconds(5)))
                .with(Options.SIM_RESUME_COST, Optional.of(Duration.ofSeconds(7)));
        var world = SimBindings.simConfig(s).world();
        assertEquals(5, world.suspendCostSeconds());
        assertEquals(7, world.resumeCostSeconds());
        assertEquals(30, world.operationCostSeconds());
        SimResult paper = run(small());
        SimResult measured = run(s);
        assertNotEquals(paper, measured);
        // both runs suspend and resume; the high-QoS VMs are not affected by what low-QoS operations cost
        assertTrue(measured.resumes() > 0 && paper.resumes() > 0, paper + " / " + measured);
        assertEquals(paper.highHours(), measured.highHours(), 1e-9);
    }
}
