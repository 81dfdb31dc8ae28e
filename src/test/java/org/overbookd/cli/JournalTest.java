package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Under journald every line of stderr carries its priority (sd-daemon's {@code <N>}), so that
 * {@code journalctl -p warning} shows the warnings; anywhere else the lines are plain, with a time.
 * Whether stderr is the journal is what JOURNAL_STREAM says only when it names stderr's own file.
 */
class JournalTest {

    @TempDir
    Path dir;

    @Test
    void journalStreamMustNameTheDeviceAndInodeOfStderr() {
        assertTrue(Journal.names("2049:1234567", 2049, 1234567));
        assertTrue(Journal.names(" 2049 : 1234567 ", 2049, 1234567));
        assertFalse(
                Journal.names("2049:1234568", 2049, 1234567), "another stream: a child whose stderr went elsewhere");
        assertFalse(Journal.names("2050:1234567", 2049, 1234567));
        for (String broken : List.of("", ":", "2049", "x:1", "2049:", "18446744073709551616:1")) {
            assertFalse(Journal.names(broken, 2049, 1234567), broken);
        }
    }

    @Test
    void everyLineOfAnEventStartsWithItsLevelsPriority() {
        LoggerContext context = new LoggerContext();
        ConsoleLogLayout plain = new ConsoleLogLayout(false);
        ConsoleLogLayout journal = new ConsoleLogLayout(false, true);
        Exception thrown = new IllegalStateException("outer\nsecond line", new java.io.IOException("inner"));
        String[][] levels = {{"ERROR", "<3>"}, {"WARN", "<4>"}, {"INFO", "<6>"}, {"DEBUG", "<7>"}, {"TRACE", "<7>"}};
        for (String[] level : levels) {
            for (Throwable t : new Throwable[] {null, thrown}) {
                LoggingEvent event = new LoggingEvent(
                        "fqcn", context.getLogger("org.overbookd.x"), Level.toLevel(level[0]), "two\nlines", t, null);
                String[] expected = plain.doLayout(event).split("\n", -1);
                String[] got = journal.doLayout(event).split("\n", -1);
                assertEquals(expected.length, got.length);
                for (int i = 0; i < expected.length - 1; i++) {
                    assertEquals(level[1] + expected[i], got[i], level[0] + " line " + i);
                }
                assertEquals("", got[got.length - 1], "ends with the line separator, no stray prefix");
            }
        }
    }

    @Test
    void whatCommandsPrintThemselvesIsAnErrorUnlessItHasAPriority() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = Journal.prefixing(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        err.println("overbookd: configuration error:");
        err.print("<6>INFO  x - already prioritized\n");
        err.print("half a ");
        err.flush();
        err.println("line");
        assertEquals(
                "<3>overbookd: configuration error:\n<6>INFO  x - already prioritized\n<3>half a line\n",
                bytes.toString(StandardCharsets.UTF_8));
    }

    /**
     * The real command with its stderr in a file: JOURNAL_STREAM naming that file gives every line a
     * priority (the log's, and an error's for the refusal printed at the end); naming another file
     * gives plain, timed lines.
     */
    @Test
    @Tag("slow")
    void aCommandsStderrCarriesPrioritiesOnlyWhenItIsTheJournal() throws Exception {
        Path config = dir.resolve("overbookd.properties");
        Files.write(
                config,
                List.of(
                        "backend = simulated",
                        "sim.nodes = 2",
                        "status.file = ",
                        "audit.file = " + dir.resolve("plain-file").resolve("audit.jsonl"),
                        "schedule.overbooking-interval = 1s"));
        Files.writeString(dir.resolve("plain-file"), "not a directory"); // audit.file cannot be made: exit 78
        Path stderr = dir.resolve("stderr");
        Files.writeString(stderr, "");
        String stream = Files.getAttribute(stderr, "unix:dev") + ":" + Files.getAttribute(stderr, "unix:ino");

        List<String> journal = run(stream, stderr, config);
        assertTrue(
                journal.stream().anyMatch(l -> l.startsWith("<6>INFO  o.o.cli.RunCommand - starting with")),
                journal.toString());
        assertTrue(
                journal.stream().anyMatch(l -> l.startsWith("<3>overbookd: configuration error")), journal.toString());
        for (String line : journal) {
            assertTrue(line.matches("<[3-7]>.*"), "every line has a priority: " + line);
        }

        Path other = dir.resolve("other");
        Files.writeString(other, "");
        List<String> plain = run(
                Files.getAttribute(other, "unix:dev") + ":" + Files.getAttribute(other, "unix:ino"), stderr, config);
        assertTrue(
                plain.stream()
                        .anyMatch(l ->
                                l.matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3} INFO  .*starting with.*")),
                plain.toString());
        assertTrue(plain.stream().noneMatch(l -> l.startsWith("<")), plain.toString());
    }

    private static List<String> run(String journalStream, Path stderr, Path config) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "org.overbookd.cli.Main",
                "run",
                "--config",
                config.toString(),
                "--once");
        builder.environment().put("JOURNAL_STREAM", journalStream);
        builder.redirectError(stderr.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = builder.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(ExitCodes.CONFIG, p.exitValue(), Files.readString(stderr));
        return Files.readAllLines(stderr);
    }
}
