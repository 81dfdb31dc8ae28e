package org.overbookd.init;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped unit passes {@code systemd-analyze verify} without a single warning and scores 2.0 or
 * better in {@code systemd-analyze security --offline=true}. .ci/run installs systemd-analyze where
 * it is missing; this test fails (it does not skip) when it cannot run. The installed unit, with the
 * packaged /usr/bin/overbookd in place, is verified again by org.overbookd.packaging.PackageInstallIT.
 */
class SystemdUnitTest {

    private static final Path UNIT = Path.of("init", "overbookd.service");
    private static final Path WRAPPER = Path.of("src", "deb", "overbookd");

    private record Result(int exit, String output) {}

    private static Result run(String... command) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new AssertionError(
                    "cannot run " + command[0] + " (install Debian's systemd, as .ci/run does): " + e.getMessage(), e);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), command[0] + " finished");
        return new Result(p.exitValue(), out);
    }

    /**
     * verify checks that ExecStart's program exists and is executable on this machine, where the
     * package is not installed: the copy verified here runs the wrapper from the source tree instead
     * of /usr/bin/overbookd, every other line unchanged.
     */
    @Test
    void verifiesWithoutWarnings(@TempDir Path dir) throws Exception {
        String unit = Files.readString(UNIT);
        assertTrue(unit.contains("ExecStart=/usr/bin/overbookd "), unit);
        Path copy = dir.resolve("overbookd.service");
        Files.writeString(
                copy, unit.replace("ExecStart=/usr/bin/overbookd ", "ExecStart=" + WRAPPER.toAbsolutePath() + " "));
        Result r = run("systemd-analyze", "verify", copy.toString());
        assertEquals(0, r.exit(), r.output());
        assertEquals("", r.output().strip(), "systemd-analyze verify must print nothing");
    }

    @Test
    void exposureIsTwoOrBetter() throws Exception {
        Result r = run("systemd-analyze", "security", "--offline=true", "--no-pager", UNIT.toString());
        Matcher m = Pattern.compile("Overall exposure level for overbookd.service: (\\d+\\.\\d+)")
                .matcher(r.output());
        assertTrue(m.find(), r.output());
        double score = Double.parseDouble(m.group(1));
        assertTrue(score <= 2.0, "exposure " + score + " > 2.0:\n" + r.output());
    }

    @Test
    void unitHasTheSettingsOperatorsRelyOn() throws IOException {
        List<String> lines = Files.readAllLines(UNIT);
        for (String expected : List.of(
                "Type=notify",
                "NotifyAccess=all",
                "WatchdogSec=12min",
                "TimeoutStartSec=15min",
                "EnvironmentFile=-/etc/default/overbookd",
                "Environment=OVERBOOKD_ARGS=",
                "ExecStart=/usr/bin/overbookd run --config ${OVERBOOKD_CONFIG} $OVERBOOKD_ARGS",
                "SuccessExitStatus=143",
                "RestartPreventExitStatus=78",
                "Restart=on-failure",
                "LogsDirectory=overbookd",
                "StateDirectory=overbookd")) {
            assertTrue(lines.contains(expected), expected);
        }
    }

    /**
     * A watchdog shorter than a cycle whose calls all run to their deadline would restart a daemon
     * that is only waiting on a slow oned; one.timeout's default is 30s and a cycle makes about 5
     * calls plus one or two per decision.
     */
    @Test
    void watchdogOutlastsACycleOfTwentyCallsAtTheirDeadline() throws IOException {
        List<String> lines = Files.readAllLines(UNIT);
        Duration watchdog = minutes(lines, "WatchdogSec=");
        Duration startTimeout = minutes(lines, "TimeoutStartSec=");
        Duration callDeadline = Duration.ofSeconds(30);
        assertTrue(watchdog.compareTo(callDeadline.multipliedBy(20)) >= 0, "WatchdogSec " + watchdog);
        assertTrue(startTimeout.compareTo(watchdog) > 0, "the first cycle also waits for the JVM: " + startTimeout);
    }

    /** Parses a systemd time span of whole minutes, the only form the unit uses for these two. */
    private static Duration minutes(List<String> lines, String prefix) {
        String value = lines.stream()
                .filter(l -> l.startsWith(prefix))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + prefix))
                .substring(prefix.length());
        Matcher m = Pattern.compile("(\\d+)min").matcher(value);
        assertTrue(m.matches(), prefix + value);
        return Duration.ofMinutes(Long.parseLong(m.group(1)));
    }

    /**
     * SupplementaryGroups=oneadmin made the unit fail (216/GROUP) on a machine without that group, and
     * overbookd reads no OpenNebula file: it talks to oned over XML-RPC with its own session file.
     */
    @Test
    void needsNoOpenNebulaGroup() throws IOException {
        assertTrue(Files.readAllLines(UNIT).stream().noneMatch(l -> l.startsWith("SupplementaryGroups=")));
    }
}
