package org.overbookd.sim.slots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbookd.policy.hybrid.HybridPolicy;
import org.overbookd.policy.hybrid.Phase;
import org.overbookd.policy.hybrid.SlotDecision;
import org.overbookd.policy.hybrid.SlotPolicy;
import org.overbookd.policy.hybrid.SlotView;

/**
 * The engine on traces small enough to work out by hand. Times are exact in binary (halves and
 * whole numbers), so equality is checked to 1e-9 s, which only absorbs the last bit of the
 * server's work clock.
 */
class SlotSimulationTest {

    private static final double EXACT = 1e-9;

    /** Records every decision and when the view allowed it, around a real policy. */
    private static final class Recording extends WatchedPolicy {
        final List<SlotDecision> decisions = new ArrayList<>();

        Recording(SlotPolicy inner) {
            super(inner);
        }

        @Override
        void watch(SlotView view, List<SlotDecision> plan) {
            decisions.addAll(plan);
        }

        List<SlotDecision.Place> placesOf(int task) {
            return decisions.stream()
                    .filter(d -> d instanceof SlotDecision.Place && d.task() == task)
                    .map(d -> (SlotDecision.Place) d)
                    .toList();
        }
    }

    @Test
    void theRateIsRecomputedWhenTheNumberOfRunningTasksChanges() {
        // one core, two slots: A alone at rate 1 until B arrives at 5, then both at 1/2;
        // A's last 5 CPU-seconds take 10 s (done at 15), then B alone finishes its last 5 at 20
        SlotWorld c =
                new Micro().server(1.0, 1, 2).task(0, 0, 10).task(5, 0, 10).run(HybridPolicy.pri(1));
        assertEquals(15.0, c.tasks[0].finishedAt, EXACT);
        assertEquals(20.0, c.tasks[1].finishedAt, EXACT);
    }

    @Test
    void noTaskGetsMoreThanOneCore() {
        // capacity 1 over 2 cores: one task alone gets 1/2; three tasks on two cores get 1/3 each
        SlotWorld alone = new Micro().server(1.0, 2, 4).task(0, 0, 10).run(HybridPolicy.pri(1));
        assertEquals(20.0, alone.tasks[0].finishedAt, EXACT);
        SlotWorld three = new Micro()
                .server(1.0, 2, 4)
                .task(0, 0, 10)
                .task(0, 0, 10)
                .task(0, 0, 10)
                .run(HybridPolicy.pri(1));
        for (TaskState t : three.tasks) {
            assertEquals(30.0, t.finishedAt, EXACT);
        }
    }

    @Test
    void anEvictionLosesTheWorkDoneAndKeepsTheFirstArrival() {
        // one slot: A starts at 0; B (priority 9) arrives at 4 and evicts A, which had done 4;
        // B runs 4-6; A starts again from nothing at 6 and finishes at 16
        SlotResult r =
                new Micro().server(1.0, 1, 1).task(0, 0, 10).task(4, 9, 2).result(HybridPolicy.pri(1));
        assertEquals(1, r.evictions());
        assertEquals(4.0, r.wastedCpuSeconds(), EXACT);
        assertEquals(16.0, r.classStats(0).responseP50Evicted(), EXACT);
        assertEquals(2.0, r.classStats(9).responseP50(), EXACT);
        assertEquals(r.tasks(), r.finished());
    }

    @Test
    void aStickyTaskIsNotEvictedTheHighPriorityTaskWaits() {
        // the same trace under HYBRID with one sticky slot: A takes it at 0, so B waits until 10,
        // when A's completion frees the label and B, the only task queued, takes it in turn
        SlotResult r =
                new Micro().server(1.0, 1, 1).task(0, 0, 10).task(4, 9, 2).result(HybridPolicy.hybrid(1, 1));
        assertEquals(0, r.evictions());
        assertEquals(0.0, r.wastedCpuSeconds());
        assertEquals(10.0, r.classStats(0).responseP50NeverEvicted(), EXACT);
        assertEquals(8.0, r.classStats(9).responseP50(), EXACT);
        assertEquals(2, r.finishedOnSticky());
    }

    @Test
    void anEvictedTaskTakesTheStickySlotFreedByItsHolder() {
        // three slots, one sticky label. A (long) takes the label at 0; B at 1 and C at 2 take regular
        // slots; D (priority 11) at 3 evicts B, the youngest of the lowest class not on the label.
        // When A finishes at 10 its label is free again: the sticky phase serves the oldest queued
        // task, B (first arrival 1), ahead of E (priority 4, queued since 5)
        Recording policy = new Recording(HybridPolicy.hybrid(1, 1));
        SlotWorld c = new Micro()
                .server(3.0, 3, 3)
                .task(0, 0, 10)
                .task(1, 0, 100)
                .task(2, 9, 100)
                .task(3, 11, 100)
                .task(5, 4, 100)
                .run(policy);
        assertEquals(Phase.STICKY, policy.placesOf(0).get(0).phase());
        assertEquals(Phase.REGULAR, policy.placesOf(1).get(0).phase());
        assertTrue(policy.decisions.contains(new SlotDecision.Evict(1, 0)), policy.decisions.toString());
        List<SlotDecision.Place> placesOfB = policy.placesOf(1);
        assertEquals(2, placesOfB.size());
        assertTrue(placesOfB.get(1).sticky(), placesOfB.toString());
        assertEquals(1, c.tasks[1].evictions);
        assertTrue(c.tasks[1].finishedSticky);
        assertEquals(0, c.tasks[0].evictions);
    }

    @Test
    void priNDropsATaskAtItsNthPreemption() {
        // one slot; A (long) is preempted by a class-9 task at 1, 3 and 5, each done a second later.
        // With N = 3, A is evicted at 1 and 3 (one CPU-second lost each time) and dropped at 5.
        Micro m = new Micro().server(1.0, 1, 1).task(0, 0, 100);
        for (int t = 1; t <= 5; t += 2) {
            m.task(t, 9, 1);
        }
        SlotResult r = m.result(HybridPolicy.priN(3, 1));
        assertEquals(2, r.evictions());
        assertEquals(1, r.dropped());
        assertEquals(2, r.maxEvictions());
        assertEquals(3.0, r.wastedCpuSeconds(), EXACT);
        assertEquals(3, r.finished());
        SlotResult pri = m.result(HybridPolicy.pri(1));
        assertEquals(3, pri.evictions());
        assertEquals(0, pri.dropped());
    }

    @Test
    void withoutALimitEveryTaskFinishes() {
        // the cluster checks every decision (free slot, label count, never a sticky victim) and
        // throws on a breach, so a clean run of a preempting scenario also shows the rules hold
        List<Task> tasks = CiScenario.tasks(3);
        for (SlotPolicy p : List.of(HybridPolicy.hybrid(CiScenario.STICKY_SLOTS, 3), HybridPolicy.pri(3))) {
            SlotResult r = new SlotSimulation(CiScenario.infrastructure(), tasks, p).run();
            assertTrue(r.evictions() > 0, p.name() + " must preempt on this scenario");
            assertEquals(tasks.size(), r.finished(), p.name());
            assertEquals(0, r.unfinished());
        }
    }

    @Test
    void theSameInputsGiveTheSameResult() {
        List<Task> tasks = CiScenario.tasks(4);
        SlotResult a = new SlotSimulation(
                        CiScenario.infrastructure(), tasks, HybridPolicy.hybrid(CiScenario.STICKY_SLOTS, 4))
                .run();
        SlotResult b = new SlotSimulation(
                        CiScenario.infrastructure(),
                        CiScenario.tasks(4),
                        HybridPolicy.hybrid(CiScenario.STICKY_SLOTS, 4))
                .run();
        assertEquals(a, b);
        SlotResult otherSeed = new SlotSimulation(
                        CiScenario.infrastructure(), tasks, HybridPolicy.hybrid(CiScenario.STICKY_SLOTS, 5))
                .run();
        assertFalse(a.equals(otherSeed), "the seed of slot choice must matter");
    }
}
