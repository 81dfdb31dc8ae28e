package org.overbookd.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.packaging.Deb.assertContains;
import static org.overbookd.packaging.Deb.ok;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packages' machine-readable copyright file (DEP-5, src/deb/copyright) held to what the build
 * bundled: every class of the jar that is not overbookd's falls under a library's paragraph, every
 * paragraph matches something in the jar, every library whose Maven coordinates the jar records is
 * named with its version, and every licence named has its text. A library added, removed or
 * upgraded without its paragraph fails here.
 */
@Tag("slow")
class CopyrightFileIT {

    private static final String JAR_PREFIX = "usr/share/overbookd/overbookd.jar/";

    /** One paragraph of a DEP-5 file: field name to value (continuation lines joined with '\n'). */
    private record Paragraph(Map<String, String> fields) {
        String get(String name) {
            return fields.getOrDefault(name, "");
        }
    }

    private static List<Paragraph> paragraphs;
    private static String copyright;

    @TempDir
    static Path dir;

    @BeforeAll
    static void read() throws Exception {
        Path tree = dir.resolve("tree");
        ok("dpkg-deb", "-x", Deb.built().toString(), tree.toString());
        copyright = Files.readString(tree.resolve("usr/share/doc/overbookd/copyright"));
        assertEquals(Files.readString(Path.of("src", "deb", "copyright")), copyright);
        paragraphs = parse(copyright);
    }

    private static List<Paragraph> parse(String text) {
        List<Paragraph> result = new ArrayList<>();
        for (String block : text.split("\n\n+")) {
            Map<String, String> fields = new LinkedHashMap<>();
            String last = null;
            for (String line : block.split("\n")) {
                if (line.startsWith(" ") && last != null) {
                    fields.merge(last, line.substring(1), (a, b) -> a + "\n" + b);
                } else {
                    int colon = line.indexOf(':');
                    assertTrue(colon > 0, "a field: " + line);
                    last = line.substring(0, colon);
                    fields.put(last, line.substring(colon + 1).strip());
                }
            }
            result.add(new Paragraph(fields));
        }
        return result;
    }

    private static List<Paragraph> filesParagraphs() {
        return paragraphs.stream().filter(p -> p.fields().containsKey("Files")).toList();
    }

    /** The jar's entries of classes and resources, multi-release prefixes removed, without directories and META-INF. */
    private static Set<String> jarEntries() throws Exception {
        try (JarFile jar = new JarFile("target/overbookd.jar")) {
            return jar.stream()
                    .map(JarEntry::getName)
                    .filter(n -> !n.endsWith("/"))
                    .map(n -> n.replaceFirst("^META-INF/versions/\\d+/", ""))
                    .filter(n -> !n.startsWith("META-INF/"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private static Pattern glob(String pattern) {
        return Pattern.compile(
                Arrays.stream(pattern.split("\\*", -1)).map(Pattern::quote).collect(Collectors.joining(".*")));
    }

    @Test
    void headerIsDep5AndNamesTheLicenceThePackagesShow() throws Exception {
        Paragraph header = paragraphs.get(0);
        assertEquals("https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/", header.get("Format"));
        assertEquals("overbookd", header.get("Upstream-Name"));
        assertEquals("*", filesParagraphs().get(0).get("Files"));
        assertEquals("Apache-2.0", filesParagraphs().get(0).get("License"));
        // the control field is the SPDX spelling of the header's DEP-5 one
        String control = ok("dpkg-deb", "-f", Deb.built().toString(), "License").strip();
        assertEquals(
                header.get("License")
                        .replace(" and ", " AND ")
                        .replace(" or ", " OR ")
                        .replace("LGPL-2.1", "LGPL-2.1-only"),
                control);
    }

    @Test
    void everyBundledClassFallsUnderALibrarysParagraph() throws Exception {
        Set<String> entries = jarEntries();
        Map<String, Pattern> patterns = new LinkedHashMap<>();
        for (Paragraph p : filesParagraphs().subList(1, filesParagraphs().size())) {
            for (String pattern : p.get("Files").split("\\s+")) {
                assertTrue(pattern.startsWith(JAR_PREFIX), "a path inside the jar: " + pattern);
                patterns.put(pattern, glob(pattern.substring(JAR_PREFIX.length())));
            }
        }
        List<String> uncovered = entries.stream()
                .filter(e -> !e.startsWith("org/overbookd/") && !e.startsWith("scenarios/"))
                .filter(e -> e.endsWith(".class") || !e.contains("/"))
                .filter(e -> e.endsWith(".class") || e.endsWith(".dtd"))
                .filter(e ->
                        patterns.values().stream().noneMatch(p -> p.matcher(e).matches()))
                .toList();
        assertEquals(List.of(), uncovered, "bundled classes no paragraph of src/deb/copyright covers");
        for (Map.Entry<String, Pattern> pattern : patterns.entrySet()) {
            assertTrue(
                    entries.stream().anyMatch(e -> pattern.getValue().matcher(e).matches()),
                    "no entry of the jar matches " + pattern.getKey());
        }
    }

    /** Each library the jar records (META-INF/maven/.../pom.properties) is named, with the version bundled, in a paragraph's Comment. */
    @Test
    void everyRecordedLibraryIsNamedWithItsVersion() throws Exception {
        List<String> missing = new ArrayList<>();
        int libraries = 0;
        try (JarFile jar = new JarFile("target/overbookd.jar")) {
            for (JarEntry e : jar.stream()
                    .filter(e -> e.getName().matches("META-INF/maven/.+/pom\\.properties"))
                    .toList()) {
                Properties pom = new Properties();
                pom.load(jar.getInputStream(e));
                if (pom.getProperty("groupId").equals("org.overbookd")) {
                    continue;
                }
                libraries++;
                String artifact = pom.getProperty("artifactId");
                String version = pom.getProperty("version");
                boolean named = filesParagraphs().stream()
                        .map(p -> p.get("Comment").replace('\n', ' '))
                        .anyMatch(c -> Pattern.compile("(?<![\\w.-])" + Pattern.quote(artifact) + "(?![\\w-])")
                                        .matcher(c)
                                        .find()
                                && c.contains(" " + version));
                if (!named) {
                    missing.add(pom.getProperty("groupId") + ":" + artifact + ":" + version);
                }
            }
        }
        assertTrue(libraries > 25, libraries + " libraries recorded in the jar");
        assertEquals(List.of(), missing, "bundled libraries src/deb/copyright does not name at this version");
    }

    /** Each licence a paragraph names has a standalone License paragraph with its text or where to find it. */
    @Test
    void everyLicenceNamedHasItsText() {
        Set<String> named = new TreeSet<>();
        for (Paragraph p : paragraphs) {
            if (p.fields().containsKey("License")) {
                String firstLine = p.get("License").lines().findFirst().orElse("");
                for (String name : firstLine.replaceAll("[()]", " ").split("\\s+(and|or)\\s+|\\s+")) {
                    if (!name.isBlank() && !name.equals("and") && !name.equals("or")) {
                        named.add(name);
                    }
                }
            }
        }
        Map<String, String> texts = new LinkedHashMap<>();
        for (Paragraph p : paragraphs) {
            if (!p.fields().containsKey("Files") && !p.fields().containsKey("Format")) {
                String value = p.get("License");
                int newline = value.indexOf('\n');
                assertTrue(newline > 0, "a licence with its text: " + value);
                texts.put(value.substring(0, newline), value.substring(newline + 1));
            }
        }
        assertEquals(named, texts.keySet());
        assertContains(texts.get("EPL-1.0"), "Eclipse Public License - v 1.0");
        assertContains(texts.get("MIT"), "Permission is hereby granted, free of charge");
        assertContains(texts.get("BSD-2-Clause"), "Redistributions in binary form must reproduce");
        assertContains(texts.get("BSD-3-Clause"), "Neither the name of");
        assertContains(texts.get("Apache-2.0"), "/usr/share/common-licenses/Apache-2.0");
    }

    /** The packages' NOTICE: overbookd's own first, then the bundled Apache-2.0 libraries' notices. */
    @Test
    void noticeOpensWithOverbookdsThenTheLibraries() throws Exception {
        Path tree = dir.resolve("notice-tree");
        ok("dpkg-deb", "-x", Deb.built().toString(), tree.toString());
        String notice = Files.readString(tree.resolve("usr/share/doc/overbookd/NOTICE"));
        assertTrue(notice.startsWith(Files.readString(Path.of("NOTICE"))), notice);
        Matcher commons = Pattern.compile("Apache Commons \\w+\\nCopyright").matcher(notice);
        assertTrue(commons.find(), notice);
        assertFalse(notice.contains("in this case for"), "no header of the shade plugin's own:\n" + notice);
        assertEquals(1, notice.split("The overbookd developers", -1).length - 1, notice);
    }
}
