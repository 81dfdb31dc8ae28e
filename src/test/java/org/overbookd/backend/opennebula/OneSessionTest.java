package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.overbookd.backend.BackendException;

class OneSessionTest {

    @TempDir
    Path dir;

    @Test
    void readsTheFirstLineOfAPrivateFile() throws Exception {
        OneSession session = OneSession.read(
                TestSessions.authFile(dir, "\n  " + TestSessions.SESSION + "  \nignored\n", "rw-------"));
        assertEquals(TestSessions.SESSION, session.token());
        assertEquals("oneadmin", session.user());
        assertEquals("OneSession[user=oneadmin]", session.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"rw-r-----", "rw----r--", "r--r--r--", "rw-rw-rw-"})
    void refusesAFileGroupOrOthersMayRead(String permissions) throws Exception {
        Path file = TestSessions.authFile(dir, TestSessions.SESSION, permissions);
        BackendException e = assertThrows(BackendException.class, () -> OneSession.read(file));
        assertTrue(
                e.getMessage().contains(file.toString()) && e.getMessage().contains("readable by group or others"),
                e.getMessage());
        assertFalse(e.getMessage().contains(TestSessions.PASSWORD));
    }

    @Test
    void acceptsAnOwnerOnlyReadableFile() throws Exception {
        assertEquals(
                TestSessions.SESSION,
                OneSession.read(TestSessions.authFile(dir, TestSessions.SESSION, "r--------"))
                        .token());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   \n", "no-colon-" + TestSessions.PASSWORD, ":" + TestSessions.PASSWORD, "oneadmin:"})
    void refusesContentThatIsNoSessionWithoutQuotingIt(String content) throws Exception {
        Path file = TestSessions.authFile(dir, content, "rw-------");
        BackendException e = assertThrows(BackendException.class, () -> OneSession.read(file));
        assertTrue(e.getMessage().contains("does not hold a session string"), e.getMessage());
        assertFalse(e.getMessage().contains(TestSessions.PASSWORD));
    }

    @Test
    void aMissingFileIsNamed() {
        Path missing = dir.resolve("nope");
        BackendException e = assertThrows(BackendException.class, () -> OneSession.read(missing));
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    }

    @Test
    void scrubsTheSessionAndThePassword() throws Exception {
        OneSession session = TestSessions.session(dir);
        assertEquals(
                "login *** failed, password ***",
                session.scrub("login " + TestSessions.SESSION + " failed, password " + TestSessions.PASSWORD));
        assertEquals(null, session.scrub(null));
    }

    @Test
    void aShortPasswordIsOnlyScrubbedAsPartOfTheSession() throws Exception {
        OneSession session = OneSession.read(TestSessions.authFile(dir, "bob:abc", "rw-------"));
        assertEquals("abc *** abc", session.scrub("abc bob:abc abc"));
    }

    @Test
    void redactsAWholeCauseChainKeepingClassesAndStacks() throws Exception {
        OneSession session = TestSessions.session(dir);
        IllegalStateException root = new IllegalStateException("root saw " + TestSessions.PASSWORD);
        RuntimeException top = new RuntimeException("top saw " + TestSessions.SESSION, root);
        Throwable redacted = session.redact(top);
        assertEquals("java.lang.RuntimeException: top saw ***", redacted.toString());
        assertEquals(
                "java.lang.IllegalStateException: root saw ***",
                redacted.getCause().toString());
        assertEquals(top.getStackTrace()[0], redacted.getStackTrace()[0]);
    }
}
