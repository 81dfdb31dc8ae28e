package org.overbookd.init;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The shipped unit passes {@code systemd-analyze verify} without a single warning and scores 2.0 or
 * better in {@code systemd-analyze security --offline=true}. .ci/run installs systemd-analyze where
 * it is missing; this test fails (it does not skip) when it cannot run.
 */
class SystemdUnitTest {

    private static final Path UNIT = Path.of("init", "overbookd.service");

    private record Result(int exit, String output) {
    }

    private static Result run(String... command) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new AssertionError("cannot run " + command[0] + " (install Debian's systemd, as .ci/run does): "
                    + e.getMessage(), e);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), command[0] + " finished");
        return new Result(p.exitValue(), out);
    }

    @Test
    void verifiesWithoutWarnings() throws Exception {
        Result r = run("systemd-analyze", "verify", UNIT.toString());
        assertEquals(0, r.exit(), r.output());
        assertEquals("", r.output().strip(), "systemd-analyze verify must print nothing");
    }

    @Test
    void exposureIsTwoOrBetter() throws Exception {
        Result r = run("systemd-analyze", "security", "--offline=true", "--no-pager", UNIT.toString());
        Matcher m = Pattern.compile("Overall exposure level for overbookd.service: (\\d+\\.\\d+)").matcher(r.output());
        assertTrue(m.find(), r.output());
        double score = Double.parseDouble(m.group(1));
        assertTrue(score <= 2.0, "exposure " + score + " > 2.0:\n" + r.output());
    }

    @Test
    void unitHasTheSettingsOperatorsRelyOn() throws IOException {
        List<String> lines = Files.readAllLines(UNIT);
        for (String expected : List.of("Type=exec", "EnvironmentFile=-/etc/default/overbookd", "SuccessExitStatus=143",
                "RestartPreventExitStatus=78", "Restart=on-failure", "SupplementaryGroups=oneadmin")) {
            assertTrue(lines.contains(expected), expected);
        }
    }
}
