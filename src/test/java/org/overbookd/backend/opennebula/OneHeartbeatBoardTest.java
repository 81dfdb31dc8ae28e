package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.BackendException;

/** The heartbeat board of daemons without HA, on the fake oned: its entries, and a broken reply said in words. */
class OneHeartbeatBoardTest {

    @TempDir
    Path dir;

    @Test
    void entriesWrittenAreReadBackOnOneBoard() throws Exception {
        try (FakeOned one = FakeOned.start(TestSessions.SESSION)) {
            OneHeartbeatBoard board =
                    OneHeartbeatBoard.open(one.endpoint(), TestSessions.authFile(dir), Duration.ofSeconds(5));
            board.write("FRONT1", "2026-11-25T08:00:00Z pid 42");
            OneHeartbeatBoard other =
                    OneHeartbeatBoard.open(one.endpoint(), TestSessions.authFile(dir), Duration.ofSeconds(5));
            other.write("FRONT2", "2026-11-25T08:00:05Z pid 7");
            Map<String, String> entries = board.read();
            assertEquals("2026-11-25T08:00:00Z pid 42", entries.get("FRONT1"));
            assertEquals("2026-11-25T08:00:05Z pid 7", entries.get("FRONT2"), "both daemons write the same board");
        }
    }

    /** A withdrawn entry is empty and the others stay; a rewrite keeps only what it names. */
    @Test
    void withdrawEmptiesOneEntryAndReplaceDropsTheRest() throws Exception {
        try (FakeOned one = FakeOned.start(TestSessions.SESSION)) {
            OneHeartbeatBoard board =
                    OneHeartbeatBoard.open(one.endpoint(), TestSessions.authFile(dir), Duration.ofSeconds(5));
            board.write("OVERBOOKD_A", "a");
            board.write("OVERBOOKD_B", "b");
            board.withdraw("OVERBOOKD_A");
            assertEquals(Map.of("OVERBOOKD_A", "", "OVERBOOKD_B", "b"), withoutName(board.read()));
            board.replace(Map.of("OVERBOOKD_B", "b2"));
            assertEquals(Map.of("OVERBOOKD_B", "b2"), withoutName(board.read()));
        }
    }

    /**
     * The probe makes the board when there is none, gives its group the right to use and manage it
     * (so daemons whose users share the group share the board), and changes nothing on it.
     */
    @Test
    void theProbeCreatesTheBoardSharedWithTheGroupAndChangesNothing() throws Exception {
        try (FakeOned one = FakeOned.start(TestSessions.SESSION)) {
            OneHeartbeatBoard board =
                    OneHeartbeatBoard.open(one.endpoint(), TestSessions.authFile(dir), Duration.ofSeconds(5));
            assertTrue(board.probe().isEmpty());
            assertEquals(
                    List.of(
                            "one.documentpool.info",
                            "one.document.allocate",
                            "one.documentpool.info",
                            "one.document.chmod",
                            "one.document.update"),
                    one.methods());
            assertEquals(
                    List.of(0, -1, -1, -1, 1, 1, -1, -1, -1, -1),
                    one.calls().get(3).arguments(),
                    "group use and manage, the rest unchanged");
            board.write("OVERBOOKD_A", "a");
            assertTrue(board.probe().isEmpty());
            assertEquals(Map.of("OVERBOOKD_A", "a"), withoutName(board.read()));
        }
    }

    /** A user who may not create documents is told what to grant, naming its group's id. */
    @Test
    void aUserWhoMayNotCreateDocumentsIsToldWhatToGrant() throws Exception {
        try (FakeOned one = FakeOned.start(TestSessions.SESSION)) {
            one.fail("one.document.allocate", FakeOned.Fault.NOT_AUTHORIZED);
            OneHeartbeatBoard board =
                    OneHeartbeatBoard.open(one.endpoint(), TestSessions.authFile(dir), Duration.ofSeconds(5));
            String why = board.probe().orElseThrow();
            assertTrue(
                    why.startsWith("OpenNebula user oneadmin may not create documents, and no overbookd heartbeat board"
                            + " exists yet on this oned to join ([one.document.allocate] User [2] : Not authorized to perform"
                            + " CREATE DOCUMENT.)"),
                    why);
            assertTrue(
                    why.contains(
                            "grant its group overbookd the right, as oneadmin: oneacl create \"@100 DOCUMENT/* CREATE\""),
                    why);
            assertFalse(why.contains(TestSessions.PASSWORD));
        }
    }

    /** A board another group made is found but may not be updated: the words say to share one group. */
    @Test
    void aBoardThisUserMayNotUpdateIsSaidSo() throws Exception {
        try (FakeOned one = FakeOned.start(TestSessions.SESSION)) {
            OneHeartbeatBoard first =
                    OneHeartbeatBoard.open(one.endpoint(), TestSessions.authFile(dir), Duration.ofSeconds(5));
            first.write("OVERBOOKD_A", "a");
            one.fail("one.document.update", FakeOned.Fault.NOT_AUTHORIZED);
            OneHeartbeatBoard second =
                    OneHeartbeatBoard.open(one.endpoint(), TestSessions.authFile(dir), Duration.ofSeconds(5));
            String why = second.probe().orElseThrow();
            assertTrue(
                    why.startsWith("OpenNebula user oneadmin may not update the overbookd heartbeat board, document 0"),
                    why);
            assertTrue(why.contains("let every overbookd on this oned log in as a user of one group"), why);
        }
    }

    /** A board an administrator deleted is made again rather than failing every cycle. */
    @Test
    void aDeletedBoardIsMadeAgain() throws Exception {
        try (FakeOned one = FakeOned.start(TestSessions.SESSION)) {
            OneHeartbeatBoard board =
                    OneHeartbeatBoard.open(one.endpoint(), TestSessions.authFile(dir), Duration.ofSeconds(5));
            board.write("OVERBOOKD_A", "a");
            one.deleteDocument(0);
            board.write("OVERBOOKD_A", "a2");
            assertEquals(Map.of("OVERBOOKD_A", "a2"), withoutName(board.read()));
        }
    }

    private static Map<String, String> withoutName(Map<String, String> template) {
        Map<String, String> entries = new java.util.TreeMap<>(template);
        entries.remove("NAME");
        return entries;
    }

    /**
     * A reply whose document does not parse is a MALFORMED failure whose message is scrubbed and
     * bounded like every reply text, and the XML parser prints nothing of its own on stderr.
     */
    @Test
    void aBrokenPoolReplyIsMalformedAndNothingIsPrinted() throws Exception {
        try (FakeOned one = FakeOned.start(TestSessions.SESSION)) {
            one.fail("one.documentpool.info", FakeOned.Fault.MALFORMED_DOCUMENT);
            OneHeartbeatBoard board =
                    OneHeartbeatBoard.open(one.endpoint(), TestSessions.authFile(dir), Duration.ofSeconds(5));
            PrintStream stderr = System.err;
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            BackendException e;
            System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
            try {
                e = assertThrows(BackendException.class, board::read);
            } finally {
                System.setErr(stderr);
            }
            assertEquals(BackendException.Cause.MALFORMED, e.failureCause());
            assertTrue(e.getMessage().startsWith("one.documentpool.info: malformed reply: "), e.getMessage());
            assertFalse(
                    printed.toString(StandardCharsets.UTF_8).contains("[Fatal Error]"),
                    printed.toString(StandardCharsets.UTF_8));
        }
    }
}
