package org.overbookd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteFolderTest {

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    private SuiteFolder folder(boolean keepAlways) {
        return new SuiteFolder("suite-", keepAlways, new PrintStream(console, true, StandardCharsets.UTF_8));
    }

    private String console() {
        return console.toString(StandardCharsets.UTF_8);
    }

    /** A folder as a suite leaves it: nested files, and a link to something outside that must survive. */
    private static Path fill(Path work, Path outside) throws IOException {
        Files.createDirectories(work.resolve("one/var/vms/0"));
        Files.writeString(work.resolve("one/var/oned.log"), "oned");
        Files.writeString(work.resolve("one/var/vms/0/deployment.0"), "vm");
        Files.createSymbolicLink(work.resolve("one/jar"), outside);
        return work;
    }

    @Test
    void aPassedSuitesFolderIsRemovedWithoutFollowingLinks() throws IOException {
        Path outside = Files.writeString(tmp.resolve("overbookd.jar"), "the build's jar");
        SuiteFolder folder = folder(false);
        Path work = fill(folder.create(tmp), outside);
        assertTrue(work.getFileName().toString().startsWith("suite-"), work.toString());

        folder.testSuccessful(null);

        assertFalse(Files.exists(work), "the folder is gone");
        assertEquals("the build's jar", Files.readString(outside), "what a link pointed at is left alone");
        assertTrue(console().contains("removed " + work), console());
    }

    @Test
    void aFailedSuitesFolderIsKeptAndNamed() throws IOException {
        SuiteFolder folder = folder(false);
        Path work = fill(folder.create(tmp), tmp);

        folder.testFailed(null, new AssertionError("a check failed"));

        assertTrue(Files.exists(work.resolve("one/var/oned.log")));
        assertTrue(console().contains("evidence kept in " + work + " (the suite failed)"), console());
    }

    @Test
    void theSwitchKeepsAPassedSuitesFolder() throws IOException {
        SuiteFolder folder = folder(true);
        Path work = fill(folder.create(tmp), tmp);

        folder.testSuccessful(null);

        assertTrue(Files.exists(work.resolve("one/var/oned.log")));
        assertTrue(console().contains(SuiteFolder.KEEP + "=1"), console());
    }

    @Test
    void aSkippedSuitesFolderIsRemovedAndNoFolderNoWord() throws IOException {
        SuiteFolder made = folder(false);
        Path work = made.create(tmp);
        made.testAborted(null, new RuntimeException("skipped"));
        assertFalse(Files.exists(work));

        console.reset();
        SuiteFolder never = folder(false);
        never.testSuccessful(null);
        never.testFailed(null, new AssertionError());
        assertEquals("", console(), "a suite that skipped before making its folder says nothing of one");
        assertTrue(never.path().isEmpty());
    }

    @Test
    void removingWhatIsNotThereLeavesNothingToReport() {
        assertEquals(List.of(), SuiteFolder.remove(tmp.resolve("never-made")));
    }
}
