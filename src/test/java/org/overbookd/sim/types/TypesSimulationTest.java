package org.overbookd.sim.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.overbookd.io.Provenance;
import org.overbookd.policy.maxweight.Padding;
import org.overbookd.policy.maxweight.SolverChoice;
import org.overbookd.policy.registry.PolicyRegistry;

class TypesSimulationTest {

    /** Every VM is counted once: arrived = started + waiting; started = finished + running. */
    @Test
    void everyPolicyConservesVmsOnATrace() {
        TypesScenario trace = TraceScenario.of(
                "t",
                new SyntheticTrace(4000, 0.9, 600, 8, SyntheticTrace.uniform(7)).generate(2),
                7,
                8,
                Double.NaN,
                Provenance.generated("t", Provenance.Kind.SYNTHETIC));
        for (String kind : PolicyRegistry.IN_TREE.names(PolicyRegistry.TYPES)) {
            TypesResult r = new TypesRun(
                            kind,
                            SolverChoice.AUTO,
                            Padding.LARGEST_FIRST,
                            kind.equals("maxweight") ? Map.of("recheck-empty", "true") : Map.of())
                    .run(trace, 1, trace.horizon(), 50);
            assertEquals(4000, r.arrivals(), kind);
            assertEquals(r.arrivals(), r.started() + r.finalQueue(), kind);
            assertTrue(r.completed() <= r.started(), kind);
            assertEquals(r.finalQueue(), r.samples().total(r.samples().size() - 1), kind);
            assertTrue(r.maxQueue() >= r.meanQueue(), kind);
        }
    }

    /** The same seed gives the same run; another seed another one; the workload does not depend on the policy. */
    @Test
    void runsAreDeterministicAndPoliciesSeeTheSameArrivals() throws Exception {
        TypesScenario e2 = ScenarioFile.load("example2", 1, OptionalInt.empty());
        TypesRun g16 = new TypesRun("g16", SolverChoice.AUTO, Padding.LARGEST_FIRST, Map.of());
        TypesResult a = g16.run(e2, 9, 300, 10);
        TypesResult b = g16.run(e2, 9, 300, 10);
        TypesResult c = g16.run(e2, 10, 300, 10);
        assertEquals(a.meanQueue(), b.meanQueue());
        assertEquals(a.completed(), b.completed());
        assertTrue(a.meanQueue() != c.meanQueue() || a.arrivals() != c.arrivals());
        TypesResult best = new TypesRun("best-fit", SolverChoice.AUTO, Padding.NONE, Map.of()).run(e2, 9, 300, 10);
        assertEquals(a.arrivals(), best.arrivals());
    }

    /** Samples fall on an even grid and see every event at or before their time. */
    @Test
    void queueSamplesAreOnAnEvenGrid() throws Exception {
        TypesScenario e1 = ScenarioFile.load("example1", 1, OptionalInt.empty());
        TypesResult r = new TypesRun("m14", SolverChoice.EXACT, Padding.LARGEST_FIRST, Map.of()).run(e1, 1, 100, 4);
        assertEquals(5, r.samples().size());
        for (int i = 0; i <= 4; i++) {
            assertEquals(25.0 * i, r.samples().times()[i]);
        }
        assertEquals(0, r.samples().total(0));
    }
}
