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
 * the default cap (256 MiB) under a 48 MiB heap, against a reply that never ends. Whichever thread
 * meets the OutOfMemoryError (the command's own for {@code run --once}, Quartz's worker for the
 * daemon), the process ends with exit 70 and the one line that says how to raise the heap: never the
 * JVM's exit 3, an "Exception in thread" or a stack trace.
 */
@Tag("slow")
class OutOfMemoryExitTest {

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
                    "-Xmx48m",
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
