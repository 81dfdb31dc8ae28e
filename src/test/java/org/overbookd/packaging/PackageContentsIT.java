package org.overbookd.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.packaging.Deb.assertContains;
import static org.overbookd.packaging.Deb.ok;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The .deb of the package phase, read with dpkg-deb: its files and their modes, its control fields,
 * conffiles and maintainer scripts; then the command and configuration it installs, run from the
 * unpacked tree (the jar's location is the one thing moved, through OVERBOOKD_JAR).
 */
@Tag("slow")
class PackageContentsIT {

    private static Path deb;
    private static String listing;

    @TempDir
    static Path dir;

    @BeforeAll
    static void read() throws Exception {
        deb = Deb.built();
        listing = ok("dpkg-deb", "-c", deb.toString());
    }

    /** The mode, owner and size column of a path in the listing. */
    private static String entry(String path) {
        Matcher m = Pattern.compile("(?m)^(\\S+) (\\S+)\\s+\\d+ \\S+ \\S+ \\." + Pattern.quote(path) + "$")
                .matcher(listing);
        assertTrue(m.find(), path + " in:\n" + listing);
        return m.group(1) + " " + m.group(2);
    }

    @Test
    void installsTheCommandJarUnitAndConfiguration() {
        assertEquals("-rwxr-xr-x root/root", entry("/usr/bin/overbookd"));
        assertEquals("-rw-r--r-- root/root", entry("/usr/share/overbookd/overbookd.jar"));
        assertEquals("-rw-r--r-- root/root", entry("/lib/systemd/system/overbookd.service"));
        assertEquals("-rw-r--r-- root/root", entry("/etc/overbookd/overbookd.properties"));
        assertEquals("-rw-r--r-- root/root", entry("/etc/default/overbookd"));
        assertEquals("-rw-r--r-- root/root", entry("/usr/share/overbookd/grafana/overbookd.json"));
        assertEquals("-rwxr-xr-x root/root", entry("/usr/share/overbookd/opennebula/place"));
        assertEquals("-rwxr-xr-x root/root", entry("/usr/share/overbookd/opennebula/hold-low-qos"));
        assertEquals("-rw-r--r-- root/root", entry("/usr/share/overbookd/opennebula/hold-low-qos.hook"));
        // the licences: overbookd's and the bundled libraries' (CopyrightFileIT reads them)
        assertEquals("-rw-r--r-- root/root", entry("/usr/share/doc/overbookd/copyright"));
        assertEquals("-rw-r--r-- root/root", entry("/usr/share/doc/overbookd/NOTICE"));
    }

    /** The front-end's placer and hook installed are the repository's, and the hook's template names where the script is. */
    @Test
    void installsTheOpenNebulaPlacerAndHook() throws Exception {
        Path tree = dir.resolve("opennebula-tree");
        ok("dpkg-deb", "-x", deb.toString(), tree.toString());
        for (String file : List.of("place", "hold-low-qos", "hold-low-qos.hook")) {
            assertEquals(
                    Files.readString(Path.of("conf", "opennebula", file)),
                    Files.readString(
                            tree.resolve("usr/share/overbookd/opennebula").resolve(file)),
                    file);
        }
        assertContains(
                Files.readString(tree.resolve("usr/share/overbookd/opennebula/hold-low-qos.hook")),
                "COMMAND   = \"/usr/share/overbookd/opennebula/hold-low-qos\"");
    }

    /** The dashboard installed is the repository's, byte for byte, and still a Grafana dashboard of overbookd's series. */
    @Test
    void installsTheGrafanaDashboard() throws Exception {
        Path tree = dir.resolve("dashboard-tree");
        ok("dpkg-deb", "-x", deb.toString(), tree.toString());
        Path installed = tree.resolve("usr/share/overbookd/grafana/overbookd.json");
        assertEquals(Files.readString(Path.of("conf", "grafana", "overbookd.json")), Files.readString(installed));
        com.fasterxml.jackson.databind.JsonNode dashboard =
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(installed.toFile());
        assertTrue(dashboard.path("panels").size() > 0, "a dashboard with panels");
        assertContains(Files.readString(installed), "overbookd_last_success_timestamp_seconds");
    }

    @Test
    void controlNamesAJava17RuntimeTheLicenceAndTheConffiles() throws Exception {
        String info = ok("dpkg-deb", "-I", deb.toString());
        assertContains(info, " Package: overbookd\n");
        assertContains(info, " Architecture: all\n");
        assertContains(info, " Depends: default-jre-headless (>= 2:1.17) | java17-runtime-headless, adduser\n");
        // overbookd's licence and the bundled libraries', as in the RPM's header (SPDX)
        assertContains(
                info,
                " License: Apache-2.0 AND (EPL-1.0 OR LGPL-2.1-only) AND MIT AND BSD-2-Clause AND BSD-3-Clause\n");
        Path control = dir.resolve("control");
        ok("dpkg-deb", "-e", deb.toString(), control.toString());
        assertEquals(
                List.of("/etc/default/overbookd", "/etc/overbookd/overbookd.properties"),
                Files.readAllLines(control.resolve("conffiles")).stream()
                        .sorted()
                        .toList());
    }

    @Test
    void versionIsTheProjectsInDebianSpelling() throws Exception {
        String version = ok("dpkg-deb", "-f", deb.toString(), "Version").strip();
        assertEquals("overbookd_" + version + "_all.deb", deb.getFileName().toString());
        String jarVersion =
                ok("java", "-jar", "target/overbookd.jar", "--version").strip();
        // 0.1.0-SNAPSHOT: '~' sorts the snapshot before the release 0.1.0
        assertEquals(jarVersion, "overbookd " + version.replace('~', '-').replace("snapshot", "SNAPSHOT"));
        assertFalse(version.contains("-"), "a '-' would make the rest a Debian revision: " + version);
    }

    @Test
    void maintainerScriptsParseAndCreateUserAndDirectories() throws Exception {
        Path control = dir.resolve("scripts");
        ok("dpkg-deb", "-e", deb.toString(), control.toString());
        for (String script : List.of("postinst", "prerm", "postrm")) {
            Path file = control.resolve(script);
            assertTrue(Files.isExecutable(file), script + " executable");
            ok("sh", "-n", file.toString());
        }
        String postinst = Files.readString(control.resolve("postinst"));
        assertContains(postinst, "adduser --quiet --system --group --home /var/lib/overbookd");
        assertContains(postinst, "install -d -o overbookd -g overbookd -m 0750");
        assertContains(postinst, "for dir in /var/log/overbookd /var/lib/overbookd");
        // a first install must not start overbooking a cluster with placeholder settings
        for (String script : List.of("postinst", "prerm", "postrm")) {
            String text = Files.readAllLines(control.resolve(script)).stream()
                    .filter(line -> !line.strip().startsWith("#"))
                    .reduce("", (a, b) -> a + b + "\n");
            for (String forbidden :
                    List.of("systemctl enable", "systemctl start", "enable --now", "deb-systemd-invoke start")) {
                assertFalse(text.contains(forbidden), script + " contains " + forbidden);
            }
        }
        String postrm = Files.readString(control.resolve("postrm"));
        assertContains(postrm, "rm -rf /var/log/overbookd /var/lib/overbookd /var/cache/overbookd");
        // the class-data archive: made at each configure, old ones first; gone with the jar
        assertContains(postinst, "rm -f /var/cache/overbookd/overbookd-*.jsa");
        assertContains(postinst, "exec /usr/bin/overbookd --make-class-archive > /dev/null");
        assertTrue(
                Pattern.compile("remove\\)\\s+(#[^\n]*\\n\\s+)*rm -rf /var/cache/overbookd\\n")
                        .matcher(postrm)
                        .find(),
                postrm);
    }

    /**
     * The launcher's class-data archive with the real Java: made for the unpacked jar, mapped by the
     * next start; refused without a word when JAVA_OPTS asks for another heap mode (the JVM checks);
     * and not used once the jar is newer (a rebuilt jar, the archive now stale).
     */
    @Test
    void theClassArchiveIsMappedAndAStaleOneIsSilent() throws Exception {
        Path tree = dir.resolve("archive-tree");
        ok("dpkg-deb", "-x", deb.toString(), tree.toString());
        Path jar = tree.resolve("usr/share/overbookd/overbookd.jar");
        String wrapper = tree.resolve("usr/bin/overbookd").toString();
        Deb.Result made = Deb.run(
                Duration.ofMinutes(3), Map.of("OVERBOOKD_JAR", jar.toString()), wrapper, "--make-class-archive");
        assertEquals(0, made.exit(), made.output());
        Matcher named = Pattern.compile("^overbookd: class-data archive (\\S+\\.jsa)\n$")
                .matcher(made.output());
        assertTrue(named.matches(), made.output());
        Path archive = Path.of(named.group(1));
        assertEquals(jar.getParent(), archive.getParent());
        assertTrue(Files.size(archive) > 1_000_000, "archive of " + Files.size(archive) + " bytes");

        Map<String, String> traced = Map.of("OVERBOOKD_JAR", jar.toString(), "JAVA_OPTS", "-Xlog:class+load");
        Deb.Result used = Deb.run(Duration.ofMinutes(1), traced, wrapper, "--version");
        assertEquals(0, used.exit(), used.output());
        // the JDK's classes too: a static archive replaces the JDK's own
        assertContains(used.output(), "java.lang.Object source: shared objects file\n");
        assertContains(used.output(), "org.overbookd.cli.Main source: shared objects file\n");

        // no compressed oops: the archive does not fit, and the JVM says so on stdout unless told not to
        Deb.Result refused = Deb.run(
                Duration.ofMinutes(1),
                Map.of("OVERBOOKD_JAR", jar.toString(), "JAVA_OPTS", "-XX:-UseCompressedOops"),
                wrapper,
                "--version");
        assertEquals(0, refused.exit(), refused.output());
        assertTrue(refused.output().matches("overbookd \\S+\n"), "nothing but the version:\n" + refused.output());

        Files.setLastModifiedTime(
                jar,
                java.nio.file.attribute.FileTime.fromMillis(
                        Files.getLastModifiedTime(archive).toMillis() + 60_000));
        Deb.Result stale = Deb.run(Duration.ofMinutes(1), traced, wrapper, "--version");
        assertEquals(0, stale.exit(), stale.output());
        assertContains(stale.output(), "org.overbookd.cli.Main source: file:");
    }

    /**
     * The packaged configuration is the shipped reference with the audit log and the record turned
     * on, line for line, so check-config of the installed file shows every key, the audit file and
     * the record (which overbookd tune reads) under the unit's StateDirectory.
     */
    @Test
    void installedFilesRunFromTheUnpackedTree() throws Exception {
        Path tree = dir.resolve("tree");
        ok("dpkg-deb", "-x", deb.toString(), tree.toString());
        assertEquals(
                Files.readString(Path.of("init", "overbookd.service")),
                Files.readString(tree.resolve("lib/systemd/system/overbookd.service")));
        assertEquals(
                Files.readString(Path.of("src", "deb", "overbookd")),
                Files.readString(tree.resolve("usr/bin/overbookd")));

        List<String> reference = Files.readAllLines(Path.of("conf", "overbookd.properties"));
        List<String> packaged = Files.readAllLines(tree.resolve("etc/overbookd/overbookd.properties"));
        assertEquals(reference.size(), packaged.size());
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < reference.size(); i++) {
            if (!reference.get(i).equals(packaged.get(i))) {
                differences.add(reference.get(i) + " -> " + packaged.get(i));
            }
        }
        assertEquals(
                List.of(
                        "audit.file =  -> audit.file = /var/log/overbookd/audit.jsonl",
                        "record.file =  -> record.file = /var/lib/overbookd/record.csv"),
                differences);

        Map<String, String> env = Map.of(
                "OVERBOOKD_JAR",
                tree.resolve("usr/share/overbookd/overbookd.jar").toString());
        String wrapper = tree.resolve("usr/bin/overbookd").toString();
        Deb.Result version = Deb.run(Duration.ofMinutes(1), env, wrapper, "--version");
        assertEquals(0, version.exit(), version.output());
        assertTrue(version.output().startsWith("overbookd "), version.output());

        Path config = tree.resolve("etc/overbookd/overbookd.properties");
        // as shipped it names oneadmin's auth file, which overbookd may not read: the guide's step 3 edits it
        Deb.Result shipped =
                Deb.run(Duration.ofMinutes(1), env, wrapper, "check-config", "--config", config.toString());
        assertEquals(78, shipped.exit(), shipped.output());
        assertContains(shipped.output(), "one.auth-file");
        Path auth = dir.resolve("one_auth");
        Files.writeString(auth, "overbookd:secret\n");
        Files.setPosixFilePermissions(auth, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        // and no oned: a real one on this machine would refuse the made-up session
        Deb.Result check = Deb.run(
                Duration.ofMinutes(1),
                env,
                wrapper,
                "check-config",
                "--config",
                config.toString(),
                "--set",
                "one.auth-file=" + auth,
                "--set",
                "one.endpoint=http://127.0.0.1:1/RPC2");
        assertEquals(0, check.exit(), check.output());
        assertContains(check.output(), config + ": valid");
        assertContains(check.output(), "audit.file = /var/log/overbookd/audit.jsonl");
        assertContains(check.output(), "record.file = /var/lib/overbookd/record.csv");
        assertContains(check.output(), "record.max-file-size = 100MB"); // rolled as when set by hand
    }
}
