package org.overbookd.policy.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Which task a preemption takes: lower priority only, never sticky, youngest, powerful tier first for production. */
class VictimChoiceTest {

    private final VictimChoice lowestClass = new VictimChoice(EvictionRule.LOWEST_CLASS);
    private final VictimChoice youngest = new VictimChoice(EvictionRule.YOUNGEST);
    private final VictimChoice byEvictor = new VictimChoice(EvictionRule.BY_EVICTOR);

    @Test
    void byEvictorANonProductionTaskTakesTheMostRecentStartOfAnyLowerClass() {
        FakeView view = new FakeView();
        int s = view.server(0, 0);
        view.running(0, s, false);
        FakeView.Running last = view.running(2, s, false); // started last, of a higher class than 0
        FakeView.Queued evictor = view.queued(4, 0);
        assertEquals(last.index(), byEvictor.victimFor(view, evictor).index());
    }

    @Test
    void byEvictorAProductionTaskTakesTheLowestClassEvenIfAHigherOneStartedLater() {
        FakeView view = new FakeView();
        int s = view.server(0, 0);
        FakeView.Running lowest = view.running(0, s, false);
        view.running(2, s, false); // started last, but of a higher class
        FakeView.Queued production = view.queued(9, 0);
        assertEquals(lowest.index(), byEvictor.victimFor(view, production).index());
        assertEquals(lowest.index(), lowestClass.victimFor(view, production).index());
    }

    @Test
    void theDefaultSettingsUseSection32AsWritten() {
        assertEquals(EvictionRule.BY_EVICTOR, HybridSettings.defaults(1).victimRule());
    }

    @Test
    void theLowestClassGoesFirstAndWithinItTheTaskStartedMostRecently() {
        FakeView view = new FakeView();
        int s = view.server(0, 0);
        view.running(0, s, false);
        FakeView.Running youngestOfClass0 = view.running(0, s, false);
        view.running(2, s, false); // started last, but of a higher class
        FakeView.Queued evictor = view.queued(4, 0);
        assertEquals(
                youngestOfClass0.index(), lowestClass.victimFor(view, evictor).index());
    }

    @Test
    void theYoungestRuleTakesTheMostRecentStartOfAnyLowerClass() {
        FakeView view = new FakeView();
        int s = view.server(0, 0);
        view.running(0, s, false);
        FakeView.Running last = view.running(2, s, false);
        FakeView.Queued evictor = view.queued(4, 0);
        assertEquals(last.index(), youngest.victimFor(view, evictor).index());
    }

    @Test
    void aStickyTaskIsNeverTakenEvenIfItIsTheYoungestOfTheLowestClass() {
        FakeView view = new FakeView();
        int s = view.server(0, 0);
        FakeView.Running regular = view.running(0, s, false);
        view.running(0, s, true);
        FakeView.Queued evictor = view.queued(9, 0);
        assertEquals(regular.index(), lowestClass.victimFor(view, evictor).index());
        assertEquals(regular.index(), youngest.victimFor(view, evictor).index());
    }

    @Test
    void equalOrHigherPriorityIsNeverTaken() {
        FakeView view = new FakeView();
        int s = view.server(0, 0);
        view.running(4, s, false);
        view.running(7, s, false);
        FakeView.Queued evictor = view.queued(4, 0);
        assertNull(lowestClass.victimFor(view, evictor));
        assertNull(youngest.victimFor(view, evictor));
    }

    @Test
    void productionEvictsFromTheMostPowerfulTierFirstEvenIfALowerClassRunsElsewhere() {
        FakeView view = new FakeView();
        int powerful = view.server(0, 0);
        int normal = view.server(1, 0);
        view.running(0, normal, false); // lowest class, but on a normal slot
        FakeView.Running onPowerful = view.running(4, powerful, false);
        FakeView.Queued production = view.queued(9, 0);
        assertEquals(onPowerful.index(), lowestClass.victimFor(view, production).index());
        assertEquals(onPowerful.index(), byEvictor.victimFor(view, production).index(), "section 3.2's rule too");
    }

    @Test
    void productionMovesToTheNextTierWhenThePowerfulOneHasNoCandidate() {
        FakeView view = new FakeView();
        int powerful = view.server(0, 0);
        int normal = view.server(1, 0);
        view.running(10, powerful, false);
        view.running(2, powerful, true);
        FakeView.Running onNormal = view.running(4, normal, false);
        FakeView.Queued production = view.queued(9, 0);
        assertEquals(onNormal.index(), lowestClass.victimFor(view, production).index());
    }

    @Test
    void aNonProductionTaskTakesTheLowestClassOnAnyTier() {
        FakeView view = new FakeView();
        int powerful = view.server(0, 0);
        int normal = view.server(1, 0);
        view.running(2, powerful, false);
        FakeView.Running lowest = view.running(0, normal, false);
        FakeView.Queued evictor = view.queued(4, 0);
        assertEquals(lowest.index(), lowestClass.victimFor(view, evictor).index());
    }
}
