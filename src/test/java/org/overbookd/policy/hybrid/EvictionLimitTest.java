package org.overbookd.policy.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** PRI-N drops a task at its N-th preemption, so it is evicted (and requeued) at most N-1 times. */
class EvictionLimitTest {

    /** The plan PRI-N makes when a class-9 task needs the slot of a class-0 task evicted {@code before} times. */
    private static List<SlotDecision> preemptTaskEvicted(int before, int limit) {
        FakeView view = new FakeView();
        int s = view.server(0, 0);
        view.running(0, s, false, before);
        view.queued(9, 0);
        return HybridPolicy.priN(limit, 1).decide(view);
    }

    @Test
    void belowTheLimitTheVictimIsEvictedAndRequeued() {
        List<SlotDecision> plan = preemptTaskEvicted(3, 5);
        assertInstanceOf(SlotDecision.Evict.class, plan.get(0));
        assertInstanceOf(SlotDecision.Place.class, plan.get(1));
    }

    @Test
    void theNthPreemptionDropsTheTask() {
        List<SlotDecision> plan = preemptTaskEvicted(4, 5);
        assertInstanceOf(SlotDecision.Drop.class, plan.get(0));
        assertInstanceOf(SlotDecision.Place.class, plan.get(1));
    }

    @Test
    void aLimitOfOneDropsAtTheFirstPreemption() {
        assertInstanceOf(SlotDecision.Drop.class, preemptTaskEvicted(0, 1).get(0));
    }

    @Test
    void priAndHybridNeverDrop() {
        FakeView view = new FakeView();
        int s = view.server(0, 0);
        view.running(0, s, false, 40);
        view.queued(9, 0);
        assertInstanceOf(
                SlotDecision.Evict.class, HybridPolicy.pri(1).decide(view).get(0));
        assertInstanceOf(
                SlotDecision.Evict.class, HybridPolicy.hybrid(0, 1).decide(view).get(0));
        assertEquals(0, HybridPolicy.hybrid(200, 1).evictionLimit());
    }

    @Test
    void aLimitBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> HybridPolicy.priN(0, 1));
    }
}
