package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.backend.opennebula.Decisions.deploy;
import static org.overbookd.backend.opennebula.Decisions.suspend;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.Outcome;

/** Each fault of the fake oned, during observe and during enact: observe throws, enact never does. */
class BackendFaultTest extends FakeOnedTest {

    /** Long enough for any answered call on a loaded machine, short enough to wait out once. */
    private static final Duration TIMEOUT = Duration.ofSeconds(1);

    private OpenNebulaBackend backend;

    @BeforeEach
    void start() throws Exception {
        backend = backend(TIMEOUT, SuspendAction.SUSPEND);
    }

    private void observeThenForget() throws Exception {
        backend = observed(TIMEOUT, SuspendAction.SUSPEND);
    }

    @ParameterizedTest
    @EnumSource(FakeOned.Fault.class)
    void observeThrowsABackendExceptionOnEveryFault(FakeOned.Fault fault) {
        one.fail("one.hostpool.info", fault);
        BackendException e = assertThrows(BackendException.class, () -> backend.observe(Instant.EPOCH));
        assertTrue(e.getMessage().startsWith("one.hostpool.info"), e.getMessage());
        assertEquals(List.of("one.hostpool.info"), one.methods(), "stops at the first failed read");
    }

    @Test
    void observeReportsAMalformedDocumentAsMalformed() {
        one.fail("one.hostpool.info", FakeOned.Fault.MALFORMED_DOCUMENT);
        OneCallFailure e = assertThrows(OneCallFailure.class, () -> backend.observe(Instant.EPOCH));
        assertEquals(OneCallFailure.Kind.MALFORMED, e.kind());
        assertTrue(e.getMessage().contains("one.hostpool.info: malformed reply"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line, for the audit log: " + e.getMessage());
    }

    @Test
    void observeReportsAnUnreachableServer() {
        one.stop();
        OneCallFailure e = assertThrows(OneCallFailure.class, () -> backend.observe(Instant.EPOCH));
        assertEquals(OneCallFailure.Kind.UNREACHABLE, e.kind());
    }

    @Test
    void observeReportsAuthenticationFailure() {
        one.fail(FakeOned.ANY_METHOD, FakeOned.Fault.AUTH_FAILURE);
        OneRefusal e = assertThrows(OneRefusal.class, () -> backend.observe(Instant.EPOCH));
        assertEquals(OneErrorCode.AUTHENTICATION, e.errorCode());
    }

    @Test
    void aTimeoutFailsTheBatchWithoutWaitingOnceMorePerDecision() throws Exception {
        observeThenForget();
        one.fail("one.vm.info", FakeOned.Fault.TIMEOUT);
        long started = System.nanoTime();
        List<Outcome> outcomes = backend.enact(List.of(deploy(14, 0), suspend(12, 0), suspend(19, 1)), Instant.EPOCH);
        long tookMillis = (System.nanoTime() - started) / 1_000_000;

        assertTrue(
                outcomes.stream()
                        .allMatch(o ->
                                o.status() == Outcome.Status.FAILED && o.code().equals("TIMEOUT")),
                outcomes.toString());
        assertTrue(
                outcomes.get(0).message().contains("no reply within 1000 ms"),
                outcomes.get(0).message());
        assertTrue(
                outcomes.get(1).message().startsWith("not attempted: "),
                outcomes.get(1).message());
        assertEquals(List.of("one.vm.info"), one.methods());
        assertTrue(tookMillis < 5_000, "took " + tookMillis + " ms");
    }

    @Test
    void aStoppedServerFailsEveryDecisionWithoutThrowing() throws Exception {
        observeThenForget();
        one.stop();
        List<Outcome> outcomes = backend.enact(List.of(deploy(14, 0), suspend(12, 0)), Instant.EPOCH);
        assertEquals(
                List.of("UNREACHABLE", "UNREACHABLE"),
                outcomes.stream().map(Outcome::code).toList());
        assertTrue(outcomes.stream().allMatch(o -> o.status() == Outcome.Status.FAILED));
    }

    @Test
    void anHttpErrorLeavesOneDecisionUnknownAndTheNextIsStillTried() throws Exception {
        observeThenForget();
        one.fail("one.vm.deploy", FakeOned.Fault.HTTP_500);
        // a 5xx comes from something between us and oned, which may have passed the deploy on: its
        // fate is unknown until the next observation. The second decision is on another host: host 0
        // counts as busy for the rest of the batch
        List<Outcome> outcomes = backend.enact(List.of(deploy(14, 0), suspend(19, 1)), Instant.EPOCH);
        assertEquals(Outcome.Status.UNKNOWN, outcomes.get(0).status());
        assertEquals("HTTP", outcomes.get(0).code());
        assertEquals(Outcome.Status.OK, outcomes.get(1).status());
        assertEquals(OneVmStates.SAVE_SUSPEND, one.vm(19).lcmState);
    }

    @Test
    void aRejectedSessionFailsTheBatch() throws Exception {
        observeThenForget();
        one.fail(FakeOned.ANY_METHOD, FakeOned.Fault.AUTH_FAILURE);
        List<Outcome> outcomes = backend.enact(List.of(deploy(14, 0), suspend(12, 0)), Instant.EPOCH);
        assertEquals(
                List.of("0x100", "0x100"), outcomes.stream().map(Outcome::code).toList());
        assertTrue(outcomes.stream().allMatch(o -> o.status() == Outcome.Status.FAILED));
        assertEquals(1, one.calls().size());
    }

    @Test
    void aMalformedVmDocumentFailsThatDecisionOnly() throws Exception {
        observeThenForget();
        one.fail("one.vm.info", FakeOned.Fault.MALFORMED_DOCUMENT);
        List<Outcome> outcomes = backend.enact(List.of(deploy(14, 0), suspend(12, 0)), Instant.EPOCH);
        assertEquals(
                List.of("MALFORMED", "MALFORMED"),
                outcomes.stream().map(Outcome::code).toList());
        assertEquals(2, one.calls().size(), "both were tried");
    }

    @Test
    void aWrongSessionFileIsRejectedByOned() throws Exception {
        Path other = dir.resolve("other");
        java.nio.file.Files.createDirectories(other);
        OpenNebulaBackend wrong = new OpenNebulaBackend(new OpenNebulaSettings(
                one.endpoint(),
                TestSessions.authFile(other, "oneadmin:not-it", "rw-------"),
                "QOS",
                TIMEOUT,
                SuspendAction.SUSPEND));
        BackendException e = assertThrows(BackendException.class, () -> wrong.observe(Instant.EPOCH));
        assertEquals(0x100, assertInstanceOf(OneRefusal.class, e).code());
    }

    @Test
    void aReadableAuthFileStopsTheBackendFromStarting() throws Exception {
        Path file = TestSessions.authFile(dir, TestSessions.SESSION, "rw-r--r--");
        BackendException e = assertThrows(
                BackendException.class,
                () -> new OpenNebulaBackend(
                        new OpenNebulaSettings(one.endpoint(), file, "QOS", TIMEOUT, SuspendAction.SUSPEND)));
        assertTrue(e.getMessage().contains("readable by group or others"), e.getMessage());
    }
}
