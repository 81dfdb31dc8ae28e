package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.backend.opennebula.Decisions.suspend;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.overbookd.backend.ActionCheck;
import org.overbookd.backend.Outcome;
import org.overbookd.loop.CycleFailure;
import org.overbookd.loop.CycleResult;

/**
 * A cycle's time budget, against the fake oned. The budget's clock is the worst case the budget is
 * made for: every call to oned takes its whole deadline (one.timeout), so time is the number of
 * calls made times one.timeout, and the test is exact and quick. With a budget of eight calls, a cycle
 * observes (six: a low-QoS VM waits on hold in this world, so the datastore and cluster pools are read
 * too) and sends one action (two); the next would end after the budget, so it and the
 * rest are SKIPPED with code CYCLE_BUDGET, not one more call reaches oned, and the cycle counts as
 * failed (cause budget).
 */
class BackendBudgetTest extends FakeOnedTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private OpenNebulaBackend backend(Duration budget) throws Exception {
        // each call to oned costs one.timeout on this clock
        CycleBudget cycleBudget =
                new CycleBudget(budget, TIMEOUT, () -> one.calls().size() * TIMEOUT.toNanos());
        OneApi api = new OneApi(
                new OneXmlRpcClient(
                        one.endpoint(), TestSessions.session(dir), TIMEOUT, OpenNebulaSettings.DEFAULT_MAX_REPLY_BYTES),
                "QOS",
                OpenNebulaSettings.DEFAULT_SLO_ATTRIBUTE);
        return new OpenNebulaBackend(
                api,
                SuspendAction.SUSPEND,
                false,
                OpenNebulaSettings.DEFAULT_MAX_SAMPLE_AGE,
                TIMEOUT,
                ActionCheck.ALWAYS,
                cycleBudget);
    }

    @Test
    void onceTheNextActionCouldEndAfterTheBudgetNothingMoreIsSent() throws Exception {
        OpenNebulaBackend backend = backend(TIMEOUT.multipliedBy(8));
        var view = backend.observe(Instant.EPOCH);
        assertEquals(6, one.calls().size(), "an observation is six calls while a VM waits");
        List<Outcome> outcomes = backend.enact(List.of(suspend(12, 0), suspend(19, 1), suspend(13, 0)), Instant.EPOCH);

        assertEquals(
                List.of(Outcome.Status.OK, Outcome.Status.SKIPPED, Outcome.Status.SKIPPED),
                outcomes.stream().map(Outcome::status).toList());
        assertEquals(8, one.calls().size(), "the first decision's two calls alone");
        for (Outcome skipped : outcomes.subList(1, 3)) {
            assertEquals(Outcome.CYCLE_BUDGET, skipped.code());
            assertEquals(
                    "not sent: the cycle's time budget of 40.0 s is spent: 40.0 s since it began observing, and"
                            + " one action more may take 10.0 s (2 x one.timeout)",
                    skipped.message());
        }
        Optional<CycleFailure> failure = new CycleResult(1, view, outcomes, List.of(), Optional.empty()).failure();
        assertEquals(CycleFailure.BUDGET, failure.orElseThrow().cause());
        assertTrue(
                failure.get().message().startsWith("2 of 3 decisions not sent: not sent: the cycle's time budget"),
                failure.get().message());
    }

    @Test
    void theBudgetCountsFromEachObservation() throws Exception {
        OpenNebulaBackend backend = backend(TIMEOUT.multipliedBy(8));
        backend.observe(Instant.EPOCH);
        backend.enact(List.of(suspend(12, 0)), Instant.EPOCH);
        backend.observe(Instant.EPOCH.plusSeconds(60));
        List<Outcome> next = backend.enact(List.of(suspend(19, 1)), Instant.EPOCH.plusSeconds(60));
        assertEquals(Outcome.Status.OK, next.get(0).status(), "a new cycle, a new budget: " + next);
    }

    @Test
    void aBudgetShorterThanTheObservationSendsNothing() throws Exception {
        OpenNebulaBackend backend = backend(TIMEOUT.multipliedBy(7));
        backend.observe(Instant.EPOCH);
        List<Outcome> outcomes = backend.enact(List.of(suspend(12, 0)), Instant.EPOCH);
        assertEquals(Outcome.CYCLE_BUDGET, outcomes.get(0).code());
        assertEquals(6, one.calls().size(), "no call after the observation's");
    }

    /** A deploy makes three calls (the fresh one.vm.info, the mark for OneDRS, the deploy): the budget must hold all three. */
    @Test
    void aPlacementNeedsRoomForItsMark() throws Exception {
        OpenNebulaBackend tight = backend(TIMEOUT.multipliedBy(8));
        tight.observe(Instant.EPOCH);
        List<Outcome> refused =
                tight.enact(List.of(org.overbookd.backend.opennebula.Decisions.deploy(14, 0)), Instant.EPOCH);
        assertEquals(Outcome.CYCLE_BUDGET, refused.get(0).code(), refused.toString());
        assertTrue(
                refused.get(0).message().endsWith("one action more may take 15.0 s (3 x one.timeout)"),
                refused.get(0).message());
        assertEquals(6, one.calls().size(), "nothing sent after the observation");

        one.forgetCalls();
        OpenNebulaBackend room = backend(TIMEOUT.multipliedBy(9));
        room.observe(Instant.EPOCH);
        List<Outcome> placed =
                room.enact(List.of(org.overbookd.backend.opennebula.Decisions.deploy(14, 0)), Instant.EPOCH);
        assertEquals(Outcome.Status.OK, placed.get(0).status(), placed.toString());
        assertEquals(9, one.calls().size());
    }
}
