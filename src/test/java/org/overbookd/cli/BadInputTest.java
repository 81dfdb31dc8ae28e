package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad input gets one clear message naming the key or file, exit 78 (64 for command-line misuse), no stack trace. */
class BadInputTest {

    @TempDir
    Path dir;

    private Path config(String text) throws IOException {
        Path file = dir.resolve("bad.properties");
        Files.writeString(file, text);
        return file;
    }

    private static void assertNoStackTrace(Cli r) {
        assertFalse(r.err().contains("\tat "), "no stack trace:\n" + r.err());
        assertFalse(r.err().contains("Exception"), "no exception class names:\n" + r.err());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "unknown key            | overbooking.lowr-bound = 60                      | overbooking.lowr-bound: unknown key; did you mean overbooking.lower-bound?",
                "lower equals upper     | overbooking.lower-bound = 90\\noverbooking.upper-bound = 90 | lower bound 90 must be below upper bound 90",
                "lower above upper      | overbooking.lower-bound = 95                     | overbooking.lower-bound: lower bound 95 must be below upper bound 90",
                "bound above 100        | overbooking.upper-bound = 120                    | overbooking.upper-bound: 120 is outside 0 to 100",
                "bound below 0          | overbooking.lower-bound = -5                     | overbooking.lower-bound: -5 is outside 0 to 100",
                "negative slots         | overbooking.slots = -1                           | overbooking.slots: -1 is outside 0 to 64",
                "malformed duration     | schedule.overbooking-interval = 5 minutes        | schedule.overbooking-interval: '5 minutes' is not a duration",
                "not a number           | overbooking.lower-bound = sixty                  | overbooking.lower-bound: 'sixty' is not a number",
                "bad choice             | overbooking.host-order = random                  | overbooking.host-order: 'random' is not one of least-utilized, index",
            })
    void badConfigFileExits78NamingFileLineAndKey(String name, String content, String expected) throws IOException {
        Path file = config(content.replace("\\n", "\n"));
        Cli r = Cli.run("simulate", "--config", file.toString());
        assertEquals(ExitCodes.CONFIG, r.exitCode(), r.err());
        assertTrue(r.err().contains(expected), "expected '" + expected + "' in:\n" + r.err());
        assertTrue(r.err().contains(file + ":"), "names the file:\n" + r.err());
        assertNoStackTrace(r);
    }

    @Test
    void everyBadKeyIsReportedAtOnceWithItsLine() throws IOException {
        Path file = config("# comment\noverbooking.slots = -1\n\nsim.nodes = 0\nsim.duration = forever\n");
        Cli r = Cli.run("check-config", "--config", file.toString());
        assertEquals(ExitCodes.CONFIG, r.exitCode());
        assertTrue(r.err().contains("configuration errors (3)"), r.err());
        assertTrue(r.err().contains(file + ":2: overbooking.slots"), r.err());
        assertTrue(r.err().contains(file + ":4: sim.nodes"), r.err());
        assertTrue(r.err().contains(file + ":5: sim.duration"), r.err());
    }

    @Test
    void aSizeMixWithCommasIsReadWholeAndABadOneNamedByLine() throws IOException {
        Path good = config("backend = simulated\nsim.low-qos.sizes = 1:0.7, 4:0.3\n");
        Cli ok = Cli.run("check-config", "--config", good.toString());
        assertEquals(0, ok.exitCode(), ok.err());
        Path bad = config("overbooking.placement = maxweight\nsim.low-qos.sizes = 1:0.7, 4\n");
        Cli r = Cli.run("check-config", "--config", bad.toString());
        assertEquals(ExitCodes.CONFIG, r.exitCode());
        assertTrue(
                r.err().contains(bad + ":2: sim.low-qos.sizes") && r.err().contains("'4' is not cores:weight"),
                r.err());
    }

    /** A continuation line that reads like a key is part of the value above it, not that key's line. */
    @Test
    void aContinuedValueIsNotTakenForTheLineOfAKey() throws IOException {
        Path file = config("overbooking.lower-bound = 60\\\noverbooking.slots = 2\noverbooking.slots = -1\n");
        Cli r = Cli.run("check-config", "--config", file.toString());
        assertEquals(ExitCodes.CONFIG, r.exitCode());
        assertTrue(r.err().contains(file + ":1: overbooking.lower-bound"), r.err());
        assertTrue(r.err().contains(file + ":3: overbooking.slots: -1 is outside"), r.err());
    }

    @Test
    void keySetTwiceIsAnError() throws IOException {
        Path file = config("overbooking.slots = 1\noverbooking.slots = 2\n");
        Cli r = Cli.run("check-config", "--config", file.toString());
        assertEquals(ExitCodes.CONFIG, r.exitCode());
        assertTrue(r.err().contains("overbooking.slots: set 2 times"), r.err());
    }

    @Test
    void missingConfigFileExits78NamingIt() {
        Path missing = dir.resolve("nope.properties");
        Cli r = Cli.run("simulate", "--config", missing.toString());
        assertEquals(ExitCodes.CONFIG, r.exitCode());
        assertTrue(r.err().contains(missing + ": no such file"), r.err());
        assertNoStackTrace(r);
    }

    /** A URL that does not parse is quoted in its error, but not the password it may hold, nor its query. */
    @Test
    void aMalformedEndpointIsQuotedWithoutItsCredentials() {
        for (String endpoint : List.of(
                "http://oneadmin:S3cretPW@127.0.0.1:bad/RPC2",
                "ftp://oneadmin:S3cretPW@one/RPC2",
                "http://one:2633/RPC2?token=S3cretPW x")) {
            Cli r = Cli.run("check-config", "--set", "one.endpoint=" + endpoint);
            assertEquals(ExitCodes.CONFIG, r.exitCode(), endpoint + ": " + r.err());
            assertTrue(r.err().contains("one.endpoint"), r.err());
            assertFalse((r.out() + r.err()).contains("S3cretPW"), endpoint + ": " + r.out() + r.err());
            assertNoStackTrace(r);
        }
    }

    @Test
    void badOverrideIsNamedAsSuch() {
        Cli r = Cli.run("simulate", "--set", "overbooking.slots=many");
        assertEquals(ExitCodes.CONFIG, r.exitCode());
        assertTrue(r.err().contains("--set: overbooking.slots: 'many' is not a whole number"), r.err());
    }

    @Test
    void unknownOptionIsAUsageError() {
        Cli r = Cli.run("simulate", "--sed", "3");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().contains("Unknown option") && r.err().contains("'--sed'"), r.err());
        assertNoStackTrace(r);
    }

    @Test
    void unknownCommandIsAUsageError() {
        Cli r = Cli.run("simulat");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().contains("simulate"), "suggests the near command:\n" + r.err());
    }

    @Test
    void aSweepWithoutAFileOfSweptKeysIsAUsageErrorSayingSo() {
        Cli r = Cli.run("sweep", "--out", dir.resolve("o").toString());
        assertEquals(ExitCodes.USAGE, r.exitCode(), r.err());
        assertTrue(r.err().contains("--config: a sweep needs a file of sweep.* keys"), r.err());
    }

    @Test
    void sweepNeedsAtLeastOneThread() throws IOException {
        Path file = config("sweep.overbooking.slots = 1, 2\n");
        Cli r = Cli.run(
                "sweep", "--config", file.toString(), "--out", dir.resolve("o").toString(), "--threads", "0");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().contains("--threads must be at least 1"), r.err());
    }

    @Test
    void sweepOfAnUnknownKeyOrBadValueIsAConfigError() throws IOException {
        Path file = config("sweep.overbooking.slotz = 1, 2\nsweep.overbooking.lower-bound = 60, x\n");
        Cli r = Cli.run(
                "sweep", "--config", file.toString(), "--out", dir.resolve("o").toString());
        assertEquals(ExitCodes.CONFIG, r.exitCode());
        assertTrue(r.err().contains(":1: sweep.overbooking.slotz: unknown key overbooking.slotz to sweep"), r.err());
        assertTrue(r.err().contains(":2: sweep.overbooking.lower-bound: 'x' is not a number"), r.err());
    }

    /** The messages an administrator met that leaked Java or dropped the reason, each now plain. */
    @Test
    void aBinaryConfigurationFileIsNamedAsNotText() throws IOException {
        Path binary = dir.resolve("binary.properties");
        Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 'a', '=', (byte) 0x80, '\n'});
        Cli r = Cli.run("check-config", "--config", binary.toString());
        assertEquals(ExitCodes.CONFIG, r.exitCode());
        assertTrue(r.err().contains(binary + ": cannot read: not a text file"), r.err());
        assertFalse(r.err().contains("Input length"), r.err());
    }

    @Test
    void anUnknownFormatIsAUsageErrorInWords() {
        Cli r = Cli.run("config-reference", "--format", "XML");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().contains("'XML' is not markdown or properties"), r.err());
        assertFalse(r.err().contains("enum constant") || r.err().contains("Exception"), r.err());
    }

    @Test
    void anOutputDirectoryThatCannotBeMadeSaysWhy() {
        Cli r = Cli.run("simulate", "--set", "sim.nodes=2", "--set", "sim.duration=1h", "--out", "/proc/no/such");
        assertEquals(ExitCodes.CANT_CREATE, r.exitCode());
        assertTrue(r.err().matches("(?s)overbookd: /proc/no\\S*: \\S.*"), "a reason after the path: " + r.err());
    }

    @Test
    void aRecordWithAShortRowOrABadNumberNamesLineAndColumn() throws IOException {
        String header = "time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu\n";
        Path shortRow = dir.resolve("short.csv");
        Files.writeString(shortRow, header + "2026-01-01T00:00:00Z,1,h,8,50,,,,\n");
        Cli r = Cli.run("simulate", "--set", "sim.trace-file=" + shortRow, "--set", "sim.duration=1h");
        assertEquals(ExitCodes.DATA_ERROR, r.exitCode(), r.err());
        assertTrue(r.err().contains(shortRow + ":2: expected 10 fields, found 9"), r.err());
        Path badNumber = dir.resolve("abc.csv");
        Files.writeString(badNumber, header + "2026-01-01T00:00:00Z,1,h,abc,50,,,,,\n");
        Cli b = Cli.run("simulate", "--set", "sim.trace-file=" + badNumber, "--set", "sim.duration=1h");
        assertEquals(ExitCodes.DATA_ERROR, b.exitCode(), b.err());
        assertTrue(b.err().contains(badNumber + ":2: cores 'abc' is not a whole number"), b.err());
    }
}
