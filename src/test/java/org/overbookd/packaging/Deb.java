package org.overbookd.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** The .deb the package phase built, and the processes the packaging tests run. */
final class Deb {

    private Deb() {}

    record Result(int exit, String output) {}

    /** target/overbookd_*_all.deb: there must be exactly one, or the test would pick a stale one. */
    static Path built() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            List<Path> debs = files.filter(p -> p.getFileName().toString().matches("overbookd_.+_all\\.deb"))
                    .toList();
            assertEquals(1, debs.size(), "one .deb in target/ (run mvn package): " + debs);
            return debs.get(0);
        }
    }

    static Result run(Duration limit, Map<String, String> env, String... command)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        Path log = Files.createTempFile("overbookd-packaging", ".log");
        try {
            pb.redirectOutput(log.toFile());
            Process p = pb.start();
            if (!p.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " still running after " + limit + ":\n"
                        + Files.readString(log, StandardCharsets.UTF_8));
            }
            return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    static String ok(String... command) throws IOException, InterruptedException {
        Result r = run(Duration.ofMinutes(1), Map.of(), command);
        assertEquals(0, r.exit(), String.join(" ", command) + ":\n" + r.output());
        return r.output();
    }

    static void assertContains(String text, String expected) {
        assertTrue(text.contains(expected), "expected «" + expected + "» in:\n" + text);
    }
}
