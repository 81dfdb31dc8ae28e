package org.overbookd.policy.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The two phases and the switch between them, one decision at a time over a hand-built view. */
class HybridPolicyTest {

    private static SlotDecision.Place onlyPlace(List<SlotDecision> plan) {
        assertEquals(1, plan.size(), plan.toString());
        return assertInstanceOf(SlotDecision.Place.class, plan.get(0));
    }

    @Test
    void whileAStickySlotIsFreeTheOldestTaskGoesFirstWhateverItsPriority() {
        FakeView view = new FakeView();
        view.server(0, 1);
        FakeView.Queued old = view.queued(0, 10.0);
        view.queued(11, 20.0);
        SlotDecision.Place place = onlyPlace(HybridPolicy.hybrid(1, 1).decide(view));
        assertEquals(old.index(), place.task());
        assertTrue(place.sticky());
        assertEquals(Phase.STICKY, place.phase());
    }

    @Test
    void takingTheLastStickySlotSwitchesToTheRegularPhase() {
        FakeView view = new FakeView();
        int server = view.server(0, 3);
        view.queued(0, 10.0);
        FakeView.Queued urgent = view.queued(9, 20.0);
        HybridPolicy policy = HybridPolicy.hybrid(2, 1);
        view.running(0, server, true);
        // one of two labels taken: still sticky, oldest first
        assertTrue(onlyPlace(policy.decide(view)).sticky());
        view.running(0, server, true);
        // the last label is taken: regular phase, priority first, no label
        SlotDecision.Place place = onlyPlace(policy.decide(view));
        assertEquals(urgent.index(), place.task());
        assertEquals(Phase.REGULAR, place.phase());
        assertTrue(!place.sticky());
    }

    @Test
    void aStickySlotFreedSwitchesBackToTheStickyPhase() {
        FakeView full = new FakeView();
        int server = full.server(0, 1);
        full.running(0, server, true);
        full.queued(0, 10.0);
        full.queued(9, 20.0);
        assertEquals(
                Phase.REGULAR, onlyPlace(HybridPolicy.hybrid(1, 1).decide(full)).phase());

        // the same queue once the sticky task has finished: its label is free again
        FakeView freed = new FakeView();
        freed.server(0, 2);
        FakeView.Queued old = freed.queued(0, 10.0);
        freed.queued(9, 20.0);
        SlotDecision.Place place = onlyPlace(HybridPolicy.hybrid(1, 1).decide(freed));
        assertEquals(Phase.STICKY, place.phase());
        assertEquals(old.index(), place.task());
    }

    @Test
    void theStickyPhaseNeverEvictsWhenNoSlotIsFreeTheRegularPhaseDoes() {
        FakeView view = new FakeView();
        int server = view.server(0, 0);
        FakeView.Running victim = view.running(0, server, false);
        FakeView.Queued urgent = view.queued(9, 20.0);
        List<SlotDecision> plan = HybridPolicy.hybrid(5, 1).decide(view);
        assertEquals(2, plan.size(), plan.toString());
        SlotDecision.Evict evict = assertInstanceOf(SlotDecision.Evict.class, plan.get(0));
        assertEquals(victim.index(), evict.task());
        SlotDecision.Place place = assertInstanceOf(SlotDecision.Place.class, plan.get(1));
        assertEquals(urgent.index(), place.task());
        assertEquals(server, place.server());
        assertEquals(Phase.REGULAR, place.phase());
    }

    @Test
    void priHasNoStickyPhase() {
        FakeView view = new FakeView();
        view.server(0, 1);
        view.queued(0, 10.0);
        FakeView.Queued urgent = view.queued(4, 20.0);
        SlotDecision.Place place = onlyPlace(HybridPolicy.pri(1).decide(view));
        assertEquals(urgent.index(), place.task());
        assertEquals(Phase.REGULAR, place.phase());
    }

    @Test
    void nothingToDoWithAnEmptyQueueOrWhenNoLowerPriorityTaskCanBeEvicted() {
        FakeView empty = new FakeView();
        empty.server(0, 4);
        assertTrue(HybridPolicy.hybrid(1, 1).decide(empty).isEmpty());

        FakeView full = new FakeView();
        int server = full.server(0, 0);
        full.running(4, server, false);
        full.running(0, server, true);
        full.queued(4, 5.0);
        // the equal-priority task may not be evicted, the lower one is sticky
        assertTrue(HybridPolicy.pri(1).decide(full).isEmpty());
    }

    @Test
    void regularPhaseOrdersAClassByArrivalByDefaultOrByFirstArrival() {
        FakeView byArrival = new FakeView(RegularOrder.ARRIVAL.comparator());
        byArrival.server(0, 1);
        FakeView.Queued fresh = byArrival.queued(0, 50.0, 50.0, 0);
        byArrival.queued(0, 10.0, 60.0, 1); // arrived first, evicted at 60
        assertEquals(
                fresh.index(), onlyPlace(HybridPolicy.pri(1).decide(byArrival)).task());

        FakeView byFirst = new FakeView(RegularOrder.FIRST_ARRIVAL.comparator());
        byFirst.server(0, 1);
        byFirst.queued(0, 50.0, 50.0, 0);
        FakeView.Queued evicted = byFirst.queued(0, 10.0, 60.0, 1);
        HybridPolicy firstArrival =
                new HybridPolicy("pri", HybridSettings.defaults(1).withRegularOrder(RegularOrder.FIRST_ARRIVAL));
        assertEquals(evicted.index(), onlyPlace(firstArrival.decide(byFirst)).task());
    }
}
