package org.overbookd.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A settings file as the loader reads it: the properties syntax of Commons Configuration's reader
 * (separators, escapes, continued lines, comments), UTF-8 values, values as written, and each
 * problem named by file and line.
 */
class SettingsFileTest {

    @TempDir
    Path dir;

    private Path file(String... lines) throws IOException {
        Path f = dir.resolve("overbookd.properties");
        Files.write(f, List.of(lines), StandardCharsets.UTF_8);
        return f;
    }

    @Test
    void readsThePropertiesSyntaxAndUtf8ValuesAsWritten() throws Exception {
        Path f = file(
                "# a comment",
                "! another",
                "",
                "ha.node-name : n\\u0153ud-été",
                "overbooking.upper-bound 85",
                "ha.user = over\\",
                "    bookd",
                "one.qos-attribute = QOS_${env:HOME}");
        SettingsLoader.Loaded loaded = new SettingsLoader().load(f, Map.of());
        Settings s = loaded.settings();
        assertEquals("nœud-été", s.get(Options.HA_NODE_NAME));
        assertEquals(85.0, s.get(Options.UPPER_BOUND));
        assertEquals("overbookd", s.get(Options.HA_USER));
        assertEquals("QOS_${env:HOME}", s.get(Options.ONE_QOS_ATTRIBUTE), "taken as written, not interpolated");
        assertEquals(f + ":6", loaded.locations().get("ha.user"));
    }

    @Test
    void aKeySetTwiceAndAnUnknownKeyAreNamedByLine() throws Exception {
        Path f = file("overbooking.upper-bound = 90", "foo.bar = 1", "overbooking.upper-bound = 95");
        ConfigException e = assertThrows(ConfigException.class, () -> new SettingsLoader().load(f, Map.of()));
        assertEquals(
                List.of(f + ":1: overbooking.upper-bound: set 2 times; set it once", f + ":2: foo.bar: unknown key"),
                e.problems().stream().map(ConfigProblem::toString).sorted().toList());
    }

    /** A bad value names what is allowed, once: an out-of-range value's message already gives the range. */
    @Test
    void aBadValueNamesWhatIsAllowedOnce() throws Exception {
        Path f = file("sim.nodes = -5", "overbooking.slots = many");
        ConfigException e = assertThrows(ConfigException.class, () -> new SettingsLoader().load(f, Map.of()));
        assertEquals(
                List.of(
                        f + ":1: sim.nodes: -5 is outside 1 to 1000000",
                        f + ":2: overbooking.slots: 'many' is not a whole number (allowed: " + Options.SLOTS.range()
                                + ")"),
                e.problems().stream().map(ConfigProblem::toString).toList());
    }

    /** Editors on Windows start a UTF-8 file with a byte order mark; it is not part of the first key. */
    @Test
    void aByteOrderMarkAtTheStartIsNotPartOfTheFirstKey() throws Exception {
        Path f = dir.resolve("bom.properties");
        Files.write(f, ("\uFEFFoverbooking.slots = 3\nha.node-name = n1\n").getBytes(StandardCharsets.UTF_8));
        SettingsLoader.Loaded loaded = new SettingsLoader().load(f, Map.of());
        assertEquals(3, loaded.settings().get(Options.SLOTS));
        assertEquals(f + ":1", loaded.locations().get("overbooking.slots"));
    }

    @Test
    void aBadUnicodeEscapeIsNamedByLineInWords() throws Exception {
        Path f = file("overbooking.slots = 3", "", "ha.node-name = a\\uZZZZb");
        ConfigException e = assertThrows(ConfigException.class, () -> new SettingsLoader().load(f, Map.of()));
        assertEquals(
                List.of(f + ":3: \\uZZZZ is not an escape: \\u takes four hexadecimal digits (write \\\\u for a"
                        + " backslash followed by u)"),
                e.problems().stream().map(ConfigProblem::toString).toList());
    }
}
