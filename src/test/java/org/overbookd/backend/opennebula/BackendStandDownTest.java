package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.backend.opennebula.Decisions.suspend;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.overbookd.backend.ActionCheck;
import org.overbookd.backend.Outcome;

/**
 * enact() asks its action check before each decision, against the fake oned: once the check refuses
 * (in an HA group, the writer lease gone in the middle of a batch), that decision and the rest of
 * the batch are SKIPPED with code STOOD_DOWN, and not one more call reaches oned.
 */
class BackendStandDownTest extends FakeOnedTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    /** A check that lets {@code allowed} decisions through, then refuses; counts how often it was asked. */
    private static ActionCheck allowing(int allowed, AtomicInteger asked) {
        return () -> asked.incrementAndGet() <= allowed ? Optional.empty() : Optional.of("the lease is gone");
    }

    private OpenNebulaBackend observedWith(ActionCheck check) throws Exception {
        OpenNebulaBackend backend = new OpenNebulaBackend(settings("QOS", TIMEOUT, SuspendAction.SUSPEND), check);
        backend.observe(Instant.EPOCH);
        one.forgetCalls();
        return backend;
    }

    @Test
    void aRefusalInTheMiddleOfABatchSendsNothingMore() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        OpenNebulaBackend backend = observedWith(allowing(1, asked));
        List<Outcome> outcomes = backend.enact(List.of(suspend(12, 0), suspend(19, 1), suspend(13, 0)), Instant.EPOCH);

        assertEquals(
                List.of(Outcome.Status.OK, Outcome.Status.SKIPPED, Outcome.Status.SKIPPED),
                outcomes.stream().map(Outcome::status).toList());
        assertEquals(List.of("one.vm.info", "one.vm.action"), one.methods(), "the first decision's calls alone");
        for (Outcome skipped : outcomes.subList(1, 3)) {
            assertEquals("STOOD_DOWN", skipped.code());
            assertEquals("not sent: the lease is gone", skipped.message());
        }
        assertEquals(2, asked.get(), "asked before each decision until it refused, not after");
    }

    @Test
    void aRefusalBeforeTheFirstDecisionSendsNothing() throws Exception {
        OpenNebulaBackend backend = observedWith(allowing(0, new AtomicInteger()));
        List<Outcome> outcomes = backend.enact(List.of(suspend(12, 0), suspend(19, 1)), Instant.EPOCH);

        assertTrue(
                outcomes.stream()
                        .allMatch(o ->
                                o.status() == Outcome.Status.SKIPPED && o.code().equals("STOOD_DOWN")),
                outcomes.toString());
        assertEquals(List.of(), one.methods());
    }

    @Test
    void aCheckThatNeverRefusesSendsTheWholeBatch() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        OpenNebulaBackend backend = observedWith(allowing(Integer.MAX_VALUE, asked));
        List<Outcome> outcomes = backend.enact(List.of(suspend(12, 0), suspend(19, 1)), Instant.EPOCH);

        assertEquals(
                List.of(Outcome.Status.OK, Outcome.Status.OK),
                outcomes.stream().map(Outcome::status).toList());
        assertEquals(List.of("one.vm.info", "one.vm.action", "one.vm.info", "one.vm.action"), one.methods());
        assertEquals(2, asked.get());
    }

    /**
     * A decision that places a VM asks once more between its mark for OneDRS and the action: the
     * lease lost there (the mark took a call's time), the action is not sent, nor the rest.
     */
    @Test
    void aPlacingDecisionAsksAgainAfterItsMark() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        OpenNebulaBackend backend = observedWith(allowing(1, asked));
        List<Outcome> outcomes = backend.enact(List.of(Decisions.deploy(14, 0), suspend(19, 1)), Instant.EPOCH);

        assertEquals(
                List.of(Outcome.Status.SKIPPED, Outcome.Status.SKIPPED),
                outcomes.stream().map(Outcome::status).toList());
        assertEquals("STOOD_DOWN", outcomes.get(0).code());
        assertEquals(
                "not sent: one.vm.deploy(14, 0, false, 0) (VM 14 was marked ONEDRS_BLOCKED, nothing more):"
                        + " the lease is gone",
                outcomes.get(0).message());
        assertEquals(List.of("one.vm.info", "one.vm.update"), one.methods(), "the mark, not the deploy");
        assertEquals(OneVmStates.HOLD, one.vm(14).state);
    }
}
