package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code overbookd run} with ha.* keys that cannot work: each names its key, no stack trace, the right exit code. */
class HaConfigTest {

    @TempDir
    Path dir;

    private Path config(String... extra) throws IOException {
        Path file = dir.resolve("overbookd.properties");
        List<String> lines = new ArrayList<>(
                List.of("backend = simulated", "sim.nodes = 2", "audit.file = " + dir.resolve("audit.jsonl")));
        lines.addAll(List.of(extra));
        Files.write(file, lines);
        return file;
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /**
     * The HA example of docs/ha.md, copied as an operator would: every line must read as meant. A comment
     * after a value becomes part of it (a value runs to the end of its line), so a password file
     * named with its comment would not exist and the daemon would not start.
     */
    @Test
    void theDocumentedHaExampleReadsAsMeant() throws IOException {
        List<String> readme = Files.readAllLines(Path.of("docs/ha.md"));
        int start = readme.indexOf(
                "    # /etc/overbookd/overbookd.properties, on each machine (only ha.node-name differs)");
        assertTrue(start >= 0, "docs/ha.md's HA example was not found");
        List<String> example = new ArrayList<>();
        for (int i = start + 1; i < readme.size() && !readme.get(i).isBlank(); i++) {
            example.add(readme.get(i).strip());
        }
        Path password = Files.createFile(
                dir.resolve("db-password"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(password, "not-the-real-one\n");
        Path file = dir.resolve("ha.properties");
        Files.write(
                file,
                example.stream()
                        .map(l -> l.replace("/etc/overbookd/db-password", password.toString()))
                        .toList());
        Cli r = Cli.run(
                "check-config",
                "--config",
                file.toString(),
                "--set",
                "backend=simulated",
                "--set",
                "audit.file=" + dir.resolve("audit.jsonl"),
                "--set",
                "status.file=" + dir.resolve("status.json"));
        assertEquals(ExitCodes.OK, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.equals("ha.password-file = " + password)), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.equals("ha.node-name = front1")), r.out());
    }

    @Test
    void anUnreachableDatabaseIsUnavailableSoSystemdRestarts() throws IOException {
        Cli r = Cli.run(
                "run",
                "--config",
                config(
                                "ha.jdbc-url = jdbc:postgresql://127.0.0.1:" + closedPort() + "/overbookd",
                                "one.timeout = 1s",
                                "ha.checkin-interval = 6s")
                        .toString(),
                "--once");
        assertEquals(ExitCodes.UNAVAILABLE, r.exitCode(), r.err());
        assertTrue(r.err().contains("ha.jdbc-url: cannot connect to jdbc:postgresql://127.0.0.1:"), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
    }

    @Test
    void aUrlThatIsNotPostgresqlNamesItsKey() throws IOException {
        Cli r = Cli.run(
                "run",
                "--config",
                config("ha.jdbc-url = jdbc:mysql://db/overbookd").toString(),
                "--once");
        assertEquals(ExitCodes.CONFIG, r.exitCode(), r.err());
        assertTrue(r.err().contains("ha.jdbc-url") && r.err().contains("not a PostgreSQL JDBC URL"), r.err());
    }

    /**
     * pgjdbc lets a URL parameter win over the property overbookd sets, so options= in the URL would
     * drop the session timeout that frees the lock rows of a paused node: refused before connecting.
     */
    @Test
    void aUrlThatSetsOptionsIsRefusedNamingItsKey() throws IOException {
        Cli r = Cli.run(
                "run",
                "--config",
                config(
                                "ha.jdbc-url = jdbc:postgresql://127.0.0.1:1/x?ssl=true&options=-c%20search_path%3Dovb&ApplicationName=s3cr3t",
                                "one.timeout = 1s", "ha.checkin-interval = 6s")
                        .toString(),
                "--once");
        assertEquals(ExitCodes.CONFIG, r.exitCode(), r.err());
        assertTrue(
                r.err().contains("ha.jdbc-url")
                        && r.err().contains("'options'")
                        && r.err().contains("idle_in_transaction_session_timeout"),
                r.err());
        assertFalse(r.err().contains("s3cr3t"), "nothing of the URL's query is printed");
    }

    @Test
    void aLeaseShorterThanOneEnactmentNamesTheCheckinInterval() throws IOException {
        Cli r = Cli.run(
                "run",
                "--config",
                config("ha.jdbc-url = jdbc:postgresql://127.0.0.1:1/x", "one.timeout = 30s", "ha.checkin-interval = 1m")
                        .toString(),
                "--once");
        assertEquals(ExitCodes.CONFIG, r.exitCode(), r.err());
        assertTrue(
                r.err().contains("ha.checkin-interval") && r.err().contains("at least 5 x one.timeout (150 s)"),
                r.err());
    }

    @Test
    void aPasswordFileOthersCanReadIsRefused() throws IOException {
        Path password = dir.resolve("db-password");
        Files.writeString(password, "s3cr3t-db-pw\n");
        Files.setPosixFilePermissions(password, PosixFilePermissions.fromString("rw-r--r--"));
        Cli r = Cli.run(
                "run",
                "--config",
                config(
                                "ha.jdbc-url = jdbc:postgresql://127.0.0.1:1/x",
                                "one.timeout = 1s",
                                "ha.checkin-interval = 6s",
                                "ha.password-file = " + password)
                        .toString(),
                "--once");
        assertEquals(ExitCodes.CONFIG, r.exitCode(), r.err());
        assertTrue(r.err().contains("ha.password-file") && r.err().contains("chmod 600"), r.err());
        assertFalse(r.err().contains("s3cr3t-db-pw"), "the password is never printed");

        // check-config says what run would: "valid" there means run starts
        Cli check = Cli.run(
                "check-config",
                "--config",
                config(
                                "ha.jdbc-url = jdbc:postgresql://127.0.0.1:1/x",
                                "one.timeout = 1s",
                                "ha.checkin-interval = 6s",
                                "ha.password-file = " + password)
                        .toString());
        assertEquals(ExitCodes.CONFIG, check.exitCode(), check.out() + check.err());
        assertTrue(check.out().contains("ha.password-file") && check.out().contains("chmod 600"), check.out());
        assertFalse((check.out() + check.err()).contains("s3cr3t-db-pw"), "the password is never printed");
    }

    /**
     * A password put in the URL would be printed with the settings (check-config) and logged with a
     * reload's changes: refused when the settings are read, without quoting the URL.
     */
    @Test
    void aPasswordInTheJdbcUrlIsRefusedWithoutPrintingIt() throws IOException {
        for (String url : List.of(
                "jdbc:postgresql://db1/overbookd?password=dbS3cret",
                "jdbc:postgresql://db1/overbookd?ssl=true&SSLPASSWORD=dbS3cret",
                "jdbc:postgresql://overbookd:dbS3cret@db1/overbookd")) {
            for (String command : List.of("check-config", "run")) {
                Cli r = Cli.run(
                        command, "--config", config("ha.jdbc-url = " + url).toString());
                assertEquals(ExitCodes.CONFIG, r.exitCode(), command + " " + url + ": " + r.out() + r.err());
                assertTrue(r.err().contains("ha.jdbc-url: must not carry a password"), r.err());
                assertFalse((r.out() + r.err()).contains("dbS3cret"), command + " " + url + ": " + r.out() + r.err());
            }
        }
        Cli fine = Cli.run(
                "check-config",
                "--config",
                config(
                                "ha.jdbc-url = jdbc:postgresql://db1/overbookd?ssl=true",
                                "one.timeout = 1s",
                                "ha.checkin-interval = 6s")
                        .toString());
        assertEquals(ExitCodes.OK, fine.exitCode(), fine.out() + fine.err());
    }
}
