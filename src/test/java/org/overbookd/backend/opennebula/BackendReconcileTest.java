package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.backend.opennebula.Decisions.deploy;
import static org.overbookd.backend.opennebula.Decisions.suspend;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.overbookd.backend.Outcome;

/**
 * An action whose reply was lost is UNKNOWN, blocks its VM and host, and is settled from what oned
 * reports next; a locked VM is refused with a message that says so.
 */
class BackendReconcileTest extends FakeOnedTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(1);
    private static final Instant T = Instant.ofEpochSecond(1_000_000);

    private OpenNebulaBackend backend;

    @BeforeEach
    void observeOnce() throws Exception {
        backend = observed(TIMEOUT, SuspendAction.SUSPEND);
    }

    private long sent(String method) {
        return one.methods().stream().filter(method::equals).count();
    }

    @Test
    void aDeployWhoseReplyIsLostIsUnknownSentOnceAndSettledAsDone() throws Exception {
        one.fail("one.vm.deploy", FakeOned.Fault.CLOSE_AFTER_ACTING);
        List<Outcome> outcomes = backend.enact(List.of(deploy(14, 0)), T);
        assertEquals(Outcome.Status.UNKNOWN, outcomes.get(0).status(), outcomes.toString());
        assertEquals(1, sent("one.vm.deploy"), "deploys oned received");
        assertEquals(OneVmStates.ACTIVE, one.vm(14).state, "the fake did carry it out");

        one.clearFaults();
        backend.observe(T);
        List<Outcome> settled = backend.settled();
        assertEquals(1, settled.size(), settled.toString());
        assertEquals(Outcome.Status.OK, settled.get(0).status());
        assertEquals(14, settled.get(0).decision().vm().id());
        assertTrue(settled.get(0).message().contains("host 0"), settled.get(0).message());
        assertEquals(List.of(), backend.settled(), "returned once");
    }

    @Test
    void aSuspendLostBeforeOnedActedBlocksItsVmAndHostUntilSettledAsNotDone() throws Exception {
        one.fail("one.vm.action", FakeOned.Fault.CLOSE_BEFORE_ACTING);
        Outcome lost = backend.enact(List.of(suspend(19, 1)), T).get(0);
        assertEquals(Outcome.Status.UNKNOWN, lost.status(), lost.toString());
        assertEquals(OneVmStates.RUNNING, one.vm(19).lcmState);
        one.clearFaults();

        // Observed at once, the unchanged VM proves nothing yet: oned may still be working on the request.
        backend.observe(T);
        assertEquals(List.of(), backend.settled());
        one.forgetCalls();
        List<Outcome> meanwhile = backend.enact(List.of(suspend(19, 1), deploy(14, 1)), T);
        assertEquals(
                List.of("UNSETTLED", "UNSETTLED"),
                meanwhile.stream().map(Outcome::code).toList(),
                meanwhile.toString());
        assertTrue(meanwhile.stream().allMatch(o -> o.status() == Outcome.Status.REFUSED));
        assertEquals(List.of(), one.methods(), "nothing sent for an unsettled VM or host");

        backend.observe(T.plus(TIMEOUT).plusSeconds(1));
        List<Outcome> settled = backend.settled();
        assertEquals(1, settled.size(), settled.toString());
        assertEquals(Outcome.Status.FAILED, settled.get(0).status());
        assertTrue(
                settled.get(0).message().contains("ACTIVE/RUNNING"),
                settled.get(0).message());

        Outcome again =
                backend.enact(List.of(suspend(19, 1)), T.plusSeconds(10)).get(0);
        assertEquals(Outcome.Status.OK, again.status(), "settled: the VM is free again " + again);
    }

    @Test
    void aRefusedConnectionSentNothingAndStaysFailed() {
        one.stop();
        Outcome outcome = backend.enact(List.of(deploy(14, 0)), T).get(0);
        assertEquals(Outcome.Status.FAILED, outcome.status());
    }

    @Test
    void aVmLockedByAnAdministratorIsRefusedSayingSo() {
        one.vm(12).locked = true;
        Outcome outcome = backend.enact(List.of(suspend(12, 0)), T).get(0);
        assertEquals(Outcome.Status.REFUSED, outcome.status());
        assertEquals("0x200", outcome.code());
        assertTrue(outcome.message().contains("VM 12 is locked"), outcome.message());
    }
}
