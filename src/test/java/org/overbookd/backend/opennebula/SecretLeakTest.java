package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.backend.opennebula.Decisions.deploy;
import static org.overbookd.backend.opennebula.Decisions.resume;
import static org.overbookd.backend.opennebula.Decisions.suspend;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.Outcome;
import org.overbookd.testing.LogCapture;

/**
 * The session string goes to oned and nowhere else: not to the logs (every level, stack traces
 * included), not into an exception's message or cause chain, not into an outcome, not into a
 * toString, even when the server quotes it back in its errors.
 */
class SecretLeakTest {

    @TempDir
    Path dir;

    @Test
    void theSessionAppearsInNoLogExceptionOrOutcome() throws Exception {
        List<String> texts = new ArrayList<>();
        String logs;
        try (FakeOned one = FakeOned.start(TestSessions.SESSION);
                LogCapture capture = LogCapture.start()) {
            FakeWorlds.standard(one);
            OpenNebulaSettings settings = new OpenNebulaSettings(
                    one.endpoint(), TestSessions.authFile(dir), "QOS", Duration.ofSeconds(1), SuspendAction.SUSPEND);
            OpenNebulaBackend backend = new OpenNebulaBackend(settings);
            texts.add(backend.toString());
            texts.add(settings.toString());

            backend.observe(Instant.EPOCH);
            List<Outcome> outcomes = new ArrayList<>(backend.enact(
                    List.of(deploy(14, 0), suspend(12, 0), resume(15, 1), deploy(10, 0), deploy(999, 0)),
                    Instant.EPOCH));
            one.deleteVm(19);
            outcomes.addAll(backend.enact(List.of(suspend(19, 1)), Instant.EPOCH));
            for (int i = 0; i < 5; i++) {
                one.tick(); // let the operations finish, so host 0 is free for the fault rounds below
            }

            // each round a minute later, so that an action whose reply was lost is settled before the next
            Instant round = Instant.EPOCH;
            for (FakeOned.Fault fault : FakeOned.Fault.values()) {
                round = round.plusSeconds(60);
                Instant at = round;
                one.fail(FakeOned.ANY_METHOD, fault);
                BackendException e = assertThrows(BackendException.class, () -> backend.observe(at));
                texts.add(everything(e));
                one.clearFaults();
                backend.observe(at);
                one.fail("one.vm.action", fault);
                outcomes.addAll(backend.enact(List.of(suspend(13, 0)), at));
                one.clearFaults();
            }
            one.stop();
            texts.add(everything(assertThrows(BackendException.class, () -> backend.observe(Instant.EPOCH))));
            outcomes.addAll(backend.enact(List.of(deploy(14, 0)), Instant.EPOCH));
            for (Outcome outcome : outcomes) {
                texts.add(outcome.toString());
            }
            logs = capture.text();

            // The test would notice a leak: the server did echo the secret, and outcomes did carry messages.
            assertTrue(one.responseBodies().stream().anyMatch(body -> body.contains(TestSessions.SESSION)));
            assertTrue(
                    outcomes.stream().anyMatch(o -> o.message().contains("refused for session ***")),
                    outcomes.toString());
            assertTrue(texts.stream().anyMatch(t -> t.contains("cannot handle call with session ***")));
        }
        assertFalse(logs.isEmpty());
        assertTrue(logs.contains("as user oneadmin"), "the user may be named");
        for (String text : texts) {
            assertNoSecret(text);
        }
        assertNoSecret(logs);
    }

    private static void assertNoSecret(String text) {
        assertFalse(text.contains(TestSessions.PASSWORD), () -> "the secret leaked into: " + text);
    }

    /** Message, toString and printed stack trace of the exception and its whole cause chain. */
    private static String everything(Throwable e) {
        StringWriter out = new StringWriter();
        e.printStackTrace(new PrintWriter(out));
        StringBuilder all = new StringBuilder(out.toString());
        for (Throwable t = e; t != null; t = t.getCause()) {
            all.append('\n').append(t.getMessage()).append('\n').append(t);
        }
        return all.toString();
    }
}
