package org.overbookd.policy.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Production tasks get the most powerful free slot; others a random one, reproducibly. */
class SlotChoiceTest {

    @Test
    void productionTakesTheMostPowerfulTierWithAFreeSlot() {
        FakeView view = new FakeView();
        view.server(1, 20);
        int powerful = view.server(0, 1);
        assertEquals(powerful, new SlotChoice(1).serverFor(view, view.queued(9, 0)));

        FakeView powerfulFull = new FakeView();
        int normal = powerfulFull.server(1, 20);
        powerfulFull.server(0, 0);
        assertEquals(normal, new SlotChoice(1).serverFor(powerfulFull, powerfulFull.queued(11, 0)));
    }

    /**
     * Over 200 class-0 tasks and two equal servers, each server is chosen sometimes: with a fair
     * coin the chance that one is never chosen is 2 * 2^-200. The choice is a pure function of the
     * seed, the task and its evictions, so asking twice gives the same answer.
     */
    @Test
    void otherTasksGetARandomFreeSlotTheSameEachTime() {
        FakeView view = new FakeView();
        view.server(0, 5);
        view.server(0, 5);
        SlotChoice choice = new SlotChoice(7);
        Set<Integer> chosen = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            FakeView.Queued task = view.queued(0, i);
            int server = choice.serverFor(view, task);
            chosen.add(server);
            assertEquals(server, new SlotChoice(7).serverFor(view, task));
        }
        assertEquals(Set.of(0, 1), chosen);
    }

    @Test
    void nonProductionTasksMayLandOnPowerfulSlots() {
        FakeView view = new FakeView();
        view.server(0, 10);
        view.server(1, 10);
        Set<Integer> chosen = new HashSet<>();
        SlotChoice choice = new SlotChoice(3);
        for (int i = 0; i < 100; i++) {
            chosen.add(choice.serverFor(view, view.queued(4, i)));
        }
        assertTrue(chosen.contains(0) && chosen.contains(1), chosen.toString());
    }
}
