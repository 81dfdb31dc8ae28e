package org.overbookd.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.MalformedInputException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The two kinds of bad input, as sysexits.h tells them apart: not read at all (66), or read and wrong (65). */
class InputExceptionTest {

    private static final Path FILE = Path.of("/data/tasks.csv");

    @Test
    void aFileThatCannotBeOpenedIsUnreadable() {
        InputException e = InputException.unreadable(FILE, "no such file");
        assertTrue(e.unreadable());
        assertEquals("/data/tasks.csv: no such file", e.getMessage());
    }

    @Test
    void anIoFailureWhileReadingIsUnreadableAndNamesTheLine() {
        InputException e = InputException.cannotRead(FILE, 12, new AccessDeniedException(FILE.toString()));
        assertTrue(e.unreadable());
        assertEquals("/data/tasks.csv:12: cannot read: permission denied", e.getMessage());
    }

    @Test
    void bytesThatAreNotUtf8AreWrongDataNotAnUnreadableFile() {
        InputException e = InputException.cannotRead("scenario-x", 0, new MalformedInputException(1));
        assertFalse(e.unreadable());
        assertEquals("scenario-x: cannot read: not a UTF-8 text file", e.getMessage());
    }

    @Test
    void aGzipFileThatIsNotGzipOrIsCutShortIsWrongData() {
        assertFalse(InputException.cannotRead(FILE, 0, new java.util.zip.ZipException("Not in GZIP format"))
                .unreadable());
        assertFalse(InputException.cannotRead(FILE, 9, new java.io.EOFException("Unexpected end of ZLIB input stream"))
                .unreadable());
    }

    @Test
    void aProblemWithTheContentsIsWrongData() {
        InputException e = new InputException(FILE, 3, "cpu 'half' is not a number");
        assertFalse(e.unreadable());
        assertEquals("/data/tasks.csv:3: cpu 'half' is not a number", e.getMessage());
    }
}
