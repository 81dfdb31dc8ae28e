package org.overbookd.policy.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.overbookd.policy.qos.Fixtures.BRONZE;
import static org.overbookd.policy.qos.Fixtures.CLASSES;
import static org.overbookd.policy.qos.Fixtures.GOLD;
import static org.overbookd.policy.qos.Fixtures.SILVER;
import static org.overbookd.policy.qos.Fixtures.inst;
import static org.overbookd.policy.qos.Fixtures.node;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RequestSchedulerTest {

    private final RequestScheduler qos = RequestScheduler.qosDriven(CLASSES);
    private final RequestScheduler priority = RequestScheduler.priorityBased(CLASSES);

    private static SplittableRandom random() {
        return new SplittableRandom(42);
    }

    @Test
    void freeHostWinsByAllocationScore() {
        // a: 1 of 2 slots used -> after placing, full (LR 0, BRA 0); b: empty -> LR 5, BRA 10
        List<Allocation> p = qos.schedule(
                List.of(node("a", 2), node("b", 2)),
                List.of(inst("r", SILVER, 900, 0, "a", 0)),
                List.of(inst("j", SILVER, 0, 0, null, 1)),
                random());
        assertEquals(List.of(new Allocation("j", "b", List.of())), p);
    }

    @Test
    void qosPreemptsOnTheCheapestHost() {
        // a holds a silver with Q = 100, b one with Q = 20: s_+ is 1/90 on a, 1/10 on b
        List<Allocation> p = qos.schedule(
                List.of(node("a", 1), node("b", 1)),
                List.of(inst("k1", SILVER, 900, 0, "a", 0), inst("k2", SILVER, 180, 0, "b", 1)),
                List.of(inst("j", SILVER, 0, 100, null, 2)),
                random());
        assertEquals(List.of(new Allocation("j", "a", List.of("k1"))), p);
    }

    @Test
    void qosQueueGoesFromTheSmallestQ() {
        // one free slot; j2 has waited longer (Q = -200) than j1 (Q = -100)
        List<Allocation> p = qos.schedule(
                List.of(node("a", 1)),
                List.of(),
                List.of(inst("j1", GOLD, 0, 100, null, 0), inst("j2", BRONZE, 0, 200, null, 1)),
                random());
        assertEquals("j2", p.get(0).instance());
    }

    @Test
    void aPlacementIsNotUndoneInTheSamePass() {
        // j1 (Q = -100) takes k's slot; gold j2 (Q = 0) may not then evict j1 at the same instant
        List<Allocation> p = qos.schedule(
                List.of(node("a", 1)),
                List.of(inst("k", SILVER, 900, 0, "a", 0)),
                List.of(inst("j1", SILVER, 0, 100, null, 1), inst("j2", GOLD, 0, 0, null, 2)),
                random());
        assertEquals(List.of(new Allocation("j1", "a", List.of("k"))), p);
    }

    @Test
    void priorityEvictsTheLowestThenMostRecentAndSparesHigherClasses() {
        // a: two bronzes (admitted 1 and 2); b: one silver. Gold j costs (0,0,1) on a, (0,1,0) on b.
        List<Allocation> p = priority.schedule(
                List.of(node("a", 2), node("b", 1)),
                List.of(
                        inst("b1", BRONZE, 9, 0, "a", 1),
                        inst("b2", BRONZE, 9, 0, "a", 2),
                        inst("s", SILVER, 9, 0, "b", 0)),
                List.of(inst("j", GOLD, 0, 5, null, 3)),
                random());
        assertEquals(List.of(new Allocation("j", "a", List.of("b2"))), p);
    }

    @Test
    void priorityNeverPreemptsItsOwnPriority() {
        List<Allocation> p = priority.schedule(
                List.of(node("a", 1)),
                List.of(inst("s", SILVER, 9, 0, "a", 0)),
                List.of(inst("j", SILVER, 0, 5000, null, 1)),
                random());
        assertEquals(List.of(), p);
    }

    @Test
    void priorityQueueByPriorityThenAdmission() {
        List<Allocation> p = priority.schedule(
                List.of(node("a", 2)),
                List.of(),
                List.of(
                        inst("b", BRONZE, 0, 900, null, 0),
                        inst("s2", SILVER, 0, 1, null, 2),
                        inst("s1", SILVER, 0, 1, null, 1)),
                random());
        assertEquals(List.of("s1", "s2"), p.stream().map(Allocation::instance).toList());
    }

    @Test
    void constraintsRestrictHosts() {
        NodeView ssd = new NodeView("x", 2, 2, Map.of("disk", "ssd"));
        InstanceView j = new InstanceView("j", SILVER, 1, 1, Map.of("disk", "ssd"), 0, 0, 0, 0, 0, null);
        List<Allocation> p = qos.schedule(List.of(node("a", 4), ssd), List.of(), List.of(j), random());
        assertEquals("x", p.get(0).node());
    }

    @Test
    void failuresInARowEndThePass() {
        // the big request (priority first: gold) fits nowhere; the small one after it would
        List<InstanceView> pending = List.of(
                new InstanceView("big", GOLD, 5, 5, Map.of(), 0, 0, 0, 0, 0, null),
                inst("small", BRONZE, 0, 0, null, 1));
        List<NodeView> nodes = List.of(node("a", 2));
        assertEquals(1, priority.schedule(nodes, List.of(), pending, random()).size());
        RequestScheduler limited = RequestScheduler.priorityBased(CLASSES, new ScanLimits(0, 1));
        assertEquals(List.of(), limited.schedule(nodes, List.of(), pending, random()));
    }

    @Test
    void hostsToScoreLooksAtTheMostFreeCpuFirst() {
        // b has the most free CPU but placing 1 x 1 fills its memory: score (3.75 + 0) / 2; c: 7.5
        List<NodeView> nodes = List.of(new NodeView("b", 4, 1, Map.of()), node("c", 2));
        List<InstanceView> pending = List.of(inst("j", SILVER, 0, 0, null, 0));
        assertEquals(
                "c", qos.schedule(nodes, List.of(), pending, random()).get(0).node());
        RequestScheduler limited = RequestScheduler.qosDriven(CLASSES, new ScanLimits(1, 0));
        assertEquals(
                "b",
                limited.schedule(nodes, List.of(), pending, random()).get(0).node(),
                "the approximation: the first feasible host by free CPU, not the best score");
    }

    @Test
    void tiesAreBrokenBySeedDeterministically() {
        List<NodeView> nodes = List.of(node("a", 2), node("b", 2), node("c", 2), node("d", 2));
        List<InstanceView> pending = List.of(inst("j", SILVER, 0, 0, null, 0));
        String first = qos.schedule(nodes, List.of(), pending, new SplittableRandom(7))
                .get(0)
                .node();
        for (int i = 0; i < 5; i++) {
            assertEquals(
                    first,
                    qos.schedule(nodes, List.of(), pending, new SplittableRandom(7))
                            .get(0)
                            .node());
        }
    }

    /** A preemption plugin that implements the core contract only, as a new plugin may. */
    private static Preemption coreOnly(Preemption inner) {
        return new Preemption() {
            @Override
            public String name() {
                return "core-only";
            }

            @Override
            public List<Candidate> victims(Candidate j, NodeState node, Pass pass) {
                return inner.victims(j, node, pass);
            }
        };
    }

    @Test
    void aPreemptionWithoutTheSpeedUpDecidesTheSame() {
        RequestScheduler plain = new RequestScheduler(
                "plain",
                new QosQueueSort(),
                new ConstraintFilter(),
                coreOnly(new QosPreemption()),
                new QosPreemptionCost(CLASSES),
                ScanLimits.NONE);
        assertEquals(PreemptionSpeedUp.NONE, PreemptionSpeedUp.of(coreOnly(new QosPreemption())));
        List<NodeView> nodes = List.of(node("a", 1), node("b", 1), node("c", 2));
        List<InstanceView> running = List.of(
                inst("k1", SILVER, 900, 0, "a", 0),
                inst("k2", SILVER, 180, 0, "b", 1),
                inst("k3", BRONZE, 50, 0, "c", 2),
                inst("k4", GOLD, 700, 0, "c", 3));
        List<InstanceView> pending = List.of(
                inst("j1", SILVER, 0, 100, null, 4),
                inst("j2", GOLD, 0, 300, null, 5),
                inst("j3", BRONZE, 0, 10, null, 6));
        List<Allocation> expected = qos.schedule(nodes, running, pending, random());
        assertEquals(
                3,
                expected.stream().filter(a -> !a.victims().isEmpty()).count(),
                "every placement preempts: " + expected);
        assertEquals(expected, plain.schedule(nodes, running, pending, random()));
        assertEquals(true, plain.dependsOnTime(), "without the extension a pass is never skipped");
    }

    @Test
    void pluginsHaveNames() {
        assertEquals(
                List.of(
                        "qos-queue-sort",
                        "priority-queue-sort",
                        "constraint-filter",
                        "qos-preemption",
                        "priority-preemption",
                        "qos-preemption-cost",
                        "priority-preemption-cost"),
                List.of(
                        new QosQueueSort().name(),
                        new PriorityQueueSort().name(),
                        new ConstraintFilter().name(),
                        new QosPreemption().name(),
                        new PriorityPreemption().name(),
                        new QosPreemptionCost(CLASSES).name(),
                        new PriorityPreemptionCost(CLASSES).name()));
        assertEquals("qos", qos.name());
        assertEquals("priority", priority.name());
    }

    @Test
    void onlyPluginsThatPromiseItLetAPassBeSkipped() {
        assertEquals(
                false, priority.dependsOnTime(), "the priority baseline promises its decisions do not move with time");
        QueueSort coreOnlySort = new QueueSort() {
            @Override
            public String name() {
                return "core-only-sort";
            }

            @Override
            public java.util.Comparator<Candidate> order() {
                return new PriorityQueueSort().order();
            }
        };
        RequestScheduler plain = new RequestScheduler(
                "plain",
                coreOnlySort,
                new ConstraintFilter(),
                new PriorityPreemption(),
                new PriorityPreemptionCost(CLASSES),
                ScanLimits.NONE);
        assertEquals(true, plain.dependsOnTime(), "a queue sort without the extension promises nothing");
    }
}
