package org.overbookd.packaging;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.packaging.Deb.assertContains;
import static org.overbookd.packaging.Deb.ok;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RPM of the package phase, read with rpm itself (Debian's rpm package): its header (licence, the
 * Java it requires), its files, modes and owners against the .deb's, its %config(noreplace) files,
 * its scriptlets; then installed into a scratch root (without scriptlets, which would need an EL
 * userland) and verified there. Skipped, saying so, where rpm is not installed.
 */
@Tag("slow")
class RpmContentsIT {

    /** The .deb's paths that the RPM puts elsewhere: EL's unit directory, and the licence files where EL keeps them. */
    private static final Map<String, String> RPM_PATH_OF_DEB_PATH = Map.of(
            "/lib/systemd/system/overbookd.service", "/usr/lib/systemd/system/overbookd.service",
            "/usr/share/doc/overbookd/copyright", "/usr/share/licenses/overbookd/copyright",
            "/usr/share/doc/overbookd/NOTICE", "/usr/share/licenses/overbookd/NOTICE");

    private static Path rpm;

    @TempDir
    static Path dir;

    @BeforeAll
    static void find() throws Exception {
        Assumptions.assumeTrue(
                Deb.run(Duration.ofSeconds(10), Map.of(), "sh", "-c", "command -v rpm")
                                .exit()
                        == 0,
                "skipped: no rpm here (apt-get install rpm)");
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            List<Path> rpms = files.filter(p -> p.getFileName().toString().matches("overbookd-.+\\.noarch\\.rpm"))
                    .toList();
            assertEquals(1, rpms.size(), "one .rpm in target/ (run mvn package): " + rpms);
            rpm = rpms.get(0);
        }
    }

    @Test
    void headerShowsTheLicenceOfTheDebAndRequiresJava17() throws Exception {
        String info = ok("rpm", "-qip", rpm.toString());
        String debLicence =
                ok("dpkg-deb", "-f", Deb.built().toString(), "License").strip();
        assertTrue(debLicence.startsWith("Apache-2.0 AND "), debLicence);
        assertContains(info, "\nLicense     : " + debLicence + "\n");
        assertContains(info, "Name        : overbookd\n");
        assertContains(info, "Architecture: noarch\n");
        String requires = ok(
                "rpm",
                "-qp",
                "--qf",
                "[%{REQUIREFLAGS:deptype} %{REQUIRENAME} %{REQUIREFLAGS:depflags} %{REQUIREVERSION}\\n]",
                rpm.toString());
        // every OpenJDK package of EL provides jre-headless = 1:<its feature release>
        assertContains(requires, "manual jre-headless >= 1:17\n");
        // useradd and groupadd, for %pre
        assertContains(requires, "prereq shadow-utils");
    }

    /** The RPM's version is the project's, and a snapshot's release sorts before the release's 1. */
    @Test
    void versionIsTheProjects() throws Exception {
        String jarVersion =
                ok("java", "-jar", "target/overbookd.jar", "--version").strip().replace("overbookd ", "");
        String version = ok("rpm", "-qp", "--qf", "%{VERSION} %{RELEASE}", rpm.toString())
                .strip();
        assertEquals(
                "overbookd-" + jarVersion + ".noarch.rpm", rpm.getFileName().toString());
        if (jarVersion.endsWith("-SNAPSHOT")) {
            assertTrue(version.matches(Pattern.quote(jarVersion.replace("-SNAPSHOT", "")) + " 0\\.\\d{12}"), version);
        } else {
            assertEquals(jarVersion + " 1", version);
        }
    }

    /** Path to "mode owner group" of each entry of a package's listing. */
    private static Map<String, String> entries(String listing, Pattern line) {
        Map<String, String> entries = new TreeMap<>();
        Matcher m = line.matcher(listing);
        while (m.find()) {
            entries.put(m.group(4), m.group(1) + " " + m.group(2) + " " + m.group(3));
        }
        return entries;
    }

    @Test
    void filesModesAndOwnersAreTheDebs() throws Exception {
        Map<String, String> rpmEntries = entries(
                ok("rpm", "-qlvp", rpm.toString()),
                Pattern.compile("(?m)^(\\S+)\\s+\\d+\\s+(\\S+)\\s+(\\S+)\\s+\\d+ .{12} (/\\S*)$"));
        Map<String, String> debEntries = entries(
                ok("dpkg-deb", "-c", Deb.built().toString()),
                Pattern.compile("(?m)^(\\S+) (\\w+)/(\\w+)\\s+\\d+ \\S+ \\S+ \\.(/\\S*?)/?$"));
        // rpm shortens owners to 8 characters
        assertEquals("drwxr-x--- overbook overbook", rpmEntries.get("/var/log/overbookd"));
        assertEquals("drwxr-x--- overbook overbook", rpmEntries.get("/var/lib/overbookd"));
        assertEquals("drwxr-xr-x root root", rpmEntries.get("/etc/overbookd"));
        assertEquals("-rw-r--r-- root root", rpmEntries.get("/usr/share/licenses/overbookd/LICENSE"));
        int files = 0;
        for (Map.Entry<String, String> deb : debEntries.entrySet()) {
            if (deb.getValue().startsWith("d")) {
                continue; // the .deb lists /usr, /etc...; the RPM owns only its own directories
            }
            String path = RPM_PATH_OF_DEB_PATH.getOrDefault(deb.getKey(), deb.getKey());
            assertEquals(deb.getValue(), rpmEntries.get(path), path);
            files++;
        }
        long rpmFiles =
                rpmEntries.values().stream().filter(v -> !v.startsWith("d")).count();
        // the RPM has one file more: EL's place for the licence text itself
        assertEquals(files + 1, rpmFiles, rpmEntries.toString());
    }

    @Test
    void configurationFilesAreConfigNoreplaceAsTheDebsConffiles() throws Exception {
        String flags = ok("rpm", "-qp", "--qf", "[%{FILEFLAGS:fflags} %{FILENAMES}\\n]", rpm.toString());
        List<String> config =
                flags.lines().filter(l -> l.matches("\\S*c\\S* .*")).toList();
        // c: %config, n: noreplace; l: %license, d: %doc
        assertEquals(List.of("cn /etc/default/overbookd", "cn /etc/overbookd/overbookd.properties"), config);
        assertTrue(
                flags.lines()
                        .filter(l -> l.startsWith("l "))
                        .toList()
                        .containsAll(List.of(
                                "l /usr/share/licenses/overbookd/LICENSE",
                                "l /usr/share/licenses/overbookd/NOTICE",
                                "l /usr/share/licenses/overbookd/copyright")),
                flags);
        Path control = dir.resolve("deb-control");
        ok("dpkg-deb", "-e", Deb.built().toString(), control.toString());
        assertEquals(
                config.stream().map(l -> l.substring(3)).toList(),
                Files.readAllLines(control.resolve("conffiles")).stream()
                        .sorted()
                        .toList());
    }

    /** The scriptlets, as rpm shows them: the repository's files, valid sh, the user in %pre, nothing that starts the service. */
    @Test
    void scriptletsCreateTheUserAndNeverStartTheService() throws Exception {
        String scripts = ok("rpm", "-qp", "--scripts", rpm.toString());
        Matcher m =
                Pattern.compile("(?m)^(\\w+) scriptlet \\(using /bin/sh\\):\\n").matcher(scripts);
        Map<String, String> bodies = new TreeMap<>();
        int start = -1;
        String name = null;
        while (m.find()) {
            if (name != null) {
                bodies.put(name, scripts.substring(start, m.start()));
            }
            name = m.group(1);
            start = m.end();
        }
        bodies.put(name, scripts.substring(start));
        Map<String, String> files =
                Map.of("preinstall", "pre", "postinstall", "post", "preuninstall", "preun", "postuninstall", "postun");
        assertEquals(files.keySet(), bodies.keySet(), scripts);
        for (Map.Entry<String, String> scriptlet : bodies.entrySet()) {
            String source = Files.readString(Path.of("src", "rpm", files.get(scriptlet.getKey())));
            assertEquals(source.strip(), scriptlet.getValue().strip(), scriptlet.getKey());
            Path file = dir.resolve(scriptlet.getKey() + ".sh");
            Files.writeString(file, scriptlet.getValue());
            ok("sh", "-n", file.toString());
            String code = scriptlet
                    .getValue()
                    .lines()
                    .filter(l -> !l.strip().startsWith("#"))
                    .reduce("", (a, b) -> a + b + "\n");
            for (String forbidden : List.of("systemctl enable", "systemctl start", "enable --now", "preset")) {
                assertFalse(code.contains(forbidden), scriptlet.getKey() + " contains " + forbidden);
            }
        }
        assertContains(bodies.get("preinstall"), "groupadd --system overbookd");
        assertContains(
                bodies.get("preinstall"),
                "useradd --system --gid overbookd --home-dir /var/lib/overbookd --no-create-home");
        assertContains(bodies.get("postinstall"), "rm -f /var/cache/overbookd/overbookd-*.jsa");
        assertContains(bodies.get("postinstall"), "exec /usr/bin/overbookd --make-class-archive > /dev/null");
        // only a removal ($1 = 0) stops and disables; an upgrade restarts a running service
        assertContains(
                bodies.get("preuninstall"),
                "if [ \"$1\" -eq 0 ] && [ -d /run/systemd/system ]; then\n"
                        + "    systemctl --no-reload disable --now overbookd.service");
        assertContains(bodies.get("postuninstall"), "if [ \"$1\" -eq 0 ]; then\n    rm -rf /var/cache/overbookd\n");
        assertContains(bodies.get("postuninstall"), "systemctl try-restart overbookd.service");
    }

    /**
     * rpm installs the package into a scratch root whose passwd and group know overbookd (as %pre
     * would have made them): the files land with the build's bytes, the log and state directories
     * are overbookd's, rpm -V finds nothing changed; an edited configuration file survives removal as
     * .rpmsave, and the empty directories go.
     */
    @Test
    void installsIntoAScratchRoot() throws Exception {
        Path root = dir.resolve("root");
        Files.createDirectories(root.resolve("etc"));
        Files.writeString(
                root.resolve("etc/passwd"),
                "root:x:0:0::/root:/bin/sh\noverbookd:x:990:990::/var/lib/overbookd:/sbin/nologin\n");
        Files.writeString(root.resolve("etc/group"), "root:x:0:\noverbookd:x:990:\n");
        ok("rpm", "--root", root.toString(), "--initdb");
        ok("rpm", "--root", root.toString(), "-i", "--nodeps", "--noscripts", rpm.toString());

        assertEquals(
                ok("rpm", "-qp", "--qf", "%{NAME}-%{VERSION}-%{RELEASE}.%{ARCH}", rpm.toString())
                        .strip(),
                ok("rpm", "--root", root.toString(), "-q", "overbookd").strip());
        assertArrayEquals(
                Files.readAllBytes(Path.of("target", "overbookd.jar")),
                Files.readAllBytes(root.resolve("usr/share/overbookd/overbookd.jar")));
        assertEquals(
                Files.readString(Path.of("init", "overbookd.service")),
                Files.readString(root.resolve("usr/lib/systemd/system/overbookd.service")));
        assertEquals(
                Files.readString(Path.of("src", "deb", "overbookd")),
                Files.readString(root.resolve("usr/bin/overbookd")));
        assertEquals(
                Files.readString(Path.of("LICENSE")),
                Files.readString(root.resolve("usr/share/licenses/overbookd/LICENSE")));
        assertTrue(Files.isExecutable(root.resolve("usr/bin/overbookd")));
        assertContains(
                Files.readString(root.resolve("etc/overbookd/overbookd.properties")),
                "\naudit.file = /var/log/overbookd/audit.jsonl\n");
        for (String state : List.of("var/log/overbookd", "var/lib/overbookd")) {
            assertEquals(990, (int) Files.getAttribute(root.resolve(state), "unix:uid"), state);
            assertEquals(
                    "rwxr-x---",
                    PosixFilePermissions.toString(Files.getPosixFilePermissions(root.resolve(state))),
                    state);
        }
        ok("rpm", "--root", root.toString(), "-V", "--nodeps", "overbookd");

        Files.writeString(root.resolve("etc/overbookd/overbookd.properties"), "one.endpoint = http://oned:2633/RPC2\n");
        assertTrue(
                Deb.run(
                                        Duration.ofMinutes(1),
                                        Map.of(),
                                        "rpm",
                                        "--root",
                                        root.toString(),
                                        "-V",
                                        "--nodeps",
                                        "overbookd")
                                .exit()
                        != 0,
                "rpm -V sees the edit");
        ok("rpm", "--root", root.toString(), "-e", "--nodeps", "--noscripts", "overbookd");
        assertEquals(
                "one.endpoint = http://oned:2633/RPC2\n",
                Files.readString(root.resolve("etc/overbookd/overbookd.properties.rpmsave")));
        assertFalse(Files.exists(root.resolve("usr/share/overbookd")));
        assertFalse(Files.exists(root.resolve("var/log/overbookd")));
    }
}
