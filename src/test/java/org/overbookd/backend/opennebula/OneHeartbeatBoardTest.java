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
            OneHeartbeatBoard board = OneHeartbeatBoard.open(one.endpoint(), TestSessions.authFile(dir), Duration.ofSeconds(5));
            board.write("FRONT1", "2026-11-25T08:00:00Z pid 42");
            OneHeartbeatBoard other = OneHeartbeatBoard.open(one.endpoint(), TestSessions.authFile(dir), Duration.ofSeconds(5));
            other.write("FRONT2", "2026-11-25T08:00:05Z pid 7");
            Map<String, String> entries = board.read();
            assertEquals("2026-11-25T08:00:00Z pid 42", entries.get("FRONT1"));
            assertEquals("2026-11-25T08:00:05Z pid 7", entries.get("FRONT2"), "both daemons write the same board");
        }
    }

    /**
     * A reply whose document does not parse is a MALFORMED failure whose message is scrubbed and
     * bounded like every reply text, and the XML parser prints nothing of its own on stderr.
     */
    @Test
    void aBrokenPoolReplyIsMalformedAndNothingIsPrinted() throws Exception {
        try (FakeOned one = FakeOned.start(TestSessions.SESSION)) {
            one.fail("one.documentpool.info", FakeOned.Fault.MALFORMED_DOCUMENT);
            OneHeartbeatBoard board = OneHeartbeatBoard.open(one.endpoint(), TestSessions.authFile(dir), Duration.ofSeconds(5));
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
            assertFalse(printed.toString(StandardCharsets.UTF_8).contains("[Fatal Error]"), printed.toString(StandardCharsets.UTF_8));
        }
    }
}
