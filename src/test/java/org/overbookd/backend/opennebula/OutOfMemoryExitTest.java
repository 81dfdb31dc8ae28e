package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real overbookd process whose heap cannot hold what oned sends before the reply cap is reached:
 * the default cap (256 MiB) under a {@value #HEAP_MIB} MiB heap, against a reply that never ends. Whichever thread
 * meets the OutOfMemoryError (the command's own for {@code run --once}, Quartz's worker for the
 * daemon), the process ends with exit 70 and the one line that says how to raise the heap: never the
 * JVM's exit 3, an "Exception in thread" or a stack trace.
 */
@Tag("slow")
class OutOfMemoryExitTest {

    /**
     * The child's heap: what it takes to fill it is the test's work. The reply is parsed at about 1.7
     * bytes on the wire per byte of heap, so 48 MiB meant 84 MB streamed and parsed, 4.5 s of the child's
     * CPU beside the fake's (2026-11-28, async-profiler), and the 120 s deadline was missed once at a load
     * average of 50; at 16 MiB, 21 MB and 2.0 s (1.4 s of it the JVM's start and the cycle up to the call).
     * 12 MiB still starts the daemon and reaches the call; 16 leaves room for a JDK whose start takes more.
     */
    static final int HEAP_MIB = 16;

    @TempDir
    Path dir;

    @Test
    void runOnceThatRunsOutOfMemoryExits70WithTheHeapNamed() throws Exception {
        assertEndsOutOfMemory(true);
    }

    @Test
    void theDaemonWhoseCycleRunsOutOfMemoryExits70WithTheHeapNamed() throws Exception {
        assertEndsOutOfMemory(false);
    }

    private void assertEndsOutOfMemory(boolean once) throws Exception {
        try (FakeOned one = FakeOned.start(TestSessions.SESSION)) {
            one.host(0, "host-0", 8);
            one.vm(1, "vm-1").low();
            one.fail("one.vmpool.infoextended", FakeOned.Fault.ENDLESS_REPLY);
            Path config = dir.resolve("overbookd.properties");
            Files.write(
                    config,
                    List.of(
                            "backend = opennebula",
                            "one.endpoint = " + one.endpoint(),
                            "one.auth-file = " + TestSessions.authFile(dir),
                            "audit.file = " + dir.resolve("audit.jsonl"),
                            "one.timeout = 60s",
                            "schedule.overbooking-interval = 10s"));
            String java =
                    Path.of(System.getProperty("java.home"), "bin", "java").toString();
            List<String> command = new ArrayList<>(List.of(
                    java,
                    "-Xmx" + HEAP_MIB + "m",
                    "-XX:TieredStopAtLevel=1",
                    "-XX:+UseSerialGC",
                    "-cp",
                    System.getProperty("java.class.path"),
                    "org.overbookd.cli.Main",
                    "run",
                    "--config",
                    config.toString()));
            if (once) {
                command.add("--once");
            }
            Path err = dir.resolve("stderr.txt");
            Process p = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(err.toFile())
                    .start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("overbookd did not end within 120 s: " + tail(err));
            }
            String printed = Files.readString(err, StandardCharsets.UTF_8);
            assertEquals(70, p.exitValue(), printed);
            // the reply filled the heap, not the start: the process got to the call and read at least half a heap of it
            assertTrue(
                    one.methods().contains("one.vmpool.infoextended"),
                    one.methods().toString());
            assertTrue(
                    one.endlessBytes() >= HEAP_MIB / 2 * 1024 * 1024,
                    one.endlessBytes() + " bytes of the endless reply written");
            assertTrue(printed.contains("out of memory (maximum heap"), printed);
            assertTrue(printed.contains("raise it with java -Xmx"), printed);
            assertFalse(printed.contains("Exception in thread"), printed);
            assertFalse(printed.lines().anyMatch(line -> line.startsWith("\tat ")), printed);
            assertFalse(printed.contains("java.lang.OutOfMemoryError"), printed);
        }
    }

    private static String tail(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        return text.substring(Math.max(0, text.length() - 2_000));
    }
}
