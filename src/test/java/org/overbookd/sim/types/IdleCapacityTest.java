package org.overbookd.sim.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.overbookd.io.Provenance;
import org.overbookd.policy.maxweight.Padding;
import org.overbookd.policy.maxweight.SolverChoice;
import org.overbookd.policy.registry.PolicyRegistry;

class IdleCapacityTest {

    /**
     * One server of 4 units; small VMs need 1, large ones 2; beta 0.5; horizon 20. By hand:
     * <pre>
     * [0, 2)   stalled and empty, nothing waits                      free 4, stalled empty
     * 2        small a arrives (runs 10): the server activates with 4 small slots, a starts
     * [2, 3)   active, a runs                                         free 3, active
     * 3        small b arrives (runs 2) into a slot
     * [3, 5)   active, a and b run                                    free 2, active
     * 4        large L arrives (runs 5): no large slot, it queues
     * 5        b leaves: (4) holds (0 &lt; 0.5 x 2), the server stalls
     * [5, 12)  stalled, a runs, L waits                               free 3, stalled running
     * 12       a leaves: the server is empty, activates with 2 large slots, L starts
     * [12, 17) active, L runs                                         free 2, active
     * 17       L leaves; its slot is reserved
     * [17, 20) active and empty                                       free 4, active
     * </pre>
     * Active 3 + 4 + 10 + 12 = 29, stalled running 21, stalled empty 8, out of 4 x 20 = 80 unit-seconds.
     */
    @Test
    void algorithmOnesIdleCapacityIsSplitAsComputedByHand() {
        TypesResult r = run("maxweight");
        assertEquals(29.0 / 80, r.idleActive(), 1e-12);
        assertEquals(21.0 / 80, r.idleStalledRunning(), 1e-12);
        assertEquals(8.0 / 80, r.idleStalledEmpty(), 1e-12);
        assertEquals(0, r.finalQueue());
    }

    /** Best fit never stalls and starts L on arrival: the same 22 used unit-seconds, all the rest free in active servers. */
    @Test
    void aPolicyThatNeverStallsHasAllItsIdleCapacityInActiveServers() {
        TypesResult r = run("best-fit");
        assertEquals(58.0 / 80, r.idleActive(), 1e-12);
        assertEquals(0, r.idleStalledRunning());
        assertEquals(0, r.idleStalledEmpty());
    }

    /** On a generated trace every policy's shares are fractions that, with the used share, make at most 1. */
    @Test
    void sharesAreFractionsOnATraceForEveryPolicy() {
        TypesScenario trace = TraceScenario.of(
                "t",
                new SyntheticTrace(4000, 0.9, 600, 8, SyntheticTrace.uniform(7)).generate(2),
                7,
                8,
                Double.NaN,
                Provenance.generated("t", Provenance.Kind.SYNTHETIC));
        for (String kind : PolicyRegistry.IN_TREE.names(PolicyRegistry.TYPES)) {
            for (boolean recheck : new boolean[] {false, true}) {
                TypesResult r = new TypesRun(
                                kind, SolverChoice.AUTO, Padding.LARGEST_FIRST, recheckEmpty(kind, recheck))
                        .run(trace, 1, trace.horizon(), 10);
                double total = r.idleActive() + r.idleStalledRunning() + r.idleStalledEmpty();
                assertTrue(r.idleActive() >= 0 && r.idleStalledRunning() >= 0 && r.idleStalledEmpty() >= 0, kind);
                assertTrue(total > 0 && total < 1, kind + " " + total);
                if (!kind.equals("maxweight")) {
                    assertEquals(0, r.idleStalledRunning() + r.idleStalledEmpty(), kind);
                } else {
                    assertTrue(r.idleStalledRunning() > 0, "Algorithm 1 at load 0.9 drains stalled servers");
                }
            }
        }
    }

    private static TypesResult run(String policy) {
        List<VmType> types =
                List.of(new VmType("small", new long[] {1}, 0, 1), new VmType("large", new long[] {2}, 0, 1));
        List<TraceTask> tasks = List.of(new TraceTask(2, 10, 0), new TraceTask(3, 2, 0), new TraceTask(4, 5, 1));
        TypesScenario one = new TypesScenario(
                "hand",
                List.of("u"),
                List.of(new ServerSpec("s", new long[] {4})),
                types,
                new ArrivalModel.Trace(tasks),
                20,
                Provenance.generated("hand", Provenance.Kind.SYNTHETIC));
        return new TypesRun(policy, SolverChoice.EXACT, Padding.LARGEST_FIRST, Map.of()).run(one, 1, 20, 4);
    }

    /** Algorithm 1's recheck of empty servers, handed to the one policy that declares it. */
    private static Map<String, String> recheckEmpty(String kind, boolean recheck) {
        return kind.equals("maxweight") ? Map.of("recheck-empty", Boolean.toString(recheck)) : Map.of();
    }
}
