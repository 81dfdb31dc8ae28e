package org.overbookd.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.commons.configuration2.PropertiesConfiguration;
import org.apache.commons.configuration2.io.FileHandler;
import org.junit.jupiter.api.Test;

class KeyValueLinesTest {

    private static final String TEXT = String.join(
            "\n",
            "# a comment",
            "",
            "  a = 1  ",
            "! another comment",
            "b.c=two words",
            "long = first \\",
            "   second \\",
            "   third",
            "d: colon",
            "e spaced",
            "f =",
            "g = x\\ty\\u0041",
            "a = again",
            "");

    @Test
    void keysValuesAndTheLineEachKeyIsOn() throws Exception {
        List<KeyValueLines.Entry> entries = KeyValueLines.read(new StringReader(TEXT));
        assertEquals(
                List.of(
                        new KeyValueLines.Entry("a", "1", " = ", 3),
                        new KeyValueLines.Entry("b.c", "two words", "=", 5),
                        new KeyValueLines.Entry("long", "first second third", " = ", 6),
                        new KeyValueLines.Entry("d", "colon", ": ", 9),
                        new KeyValueLines.Entry("e", "spaced", " ", 10),
                        new KeyValueLines.Entry("f", "", " =", 11),
                        new KeyValueLines.Entry("g", "x\tyA", " = ", 12),
                        new KeyValueLines.Entry("a", "again", " = ", 13)),
                entries);
    }

    /** The settings file is read by Commons Configuration; its keys and values must be these. */
    @Test
    void theSameKeysAndValuesAsCommonsConfiguration() throws Exception {
        PropertiesConfiguration config = new PropertiesConfiguration();
        new FileHandler(config).load(new StringReader(TEXT));
        List<String> theirs = new ArrayList<>();
        for (Iterator<String> keys = config.getKeys(); keys.hasNext(); ) {
            String key = keys.next();
            Object value = config.getProperty(key); // a List for a key set twice
            for (Object v : value instanceof List<?> list ? list : List.of(value)) {
                theirs.add(key + "=" + v);
            }
        }
        List<String> ours = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        List<KeyValueLines.Entry> entries = KeyValueLines.read(new StringReader(TEXT));
        for (KeyValueLines.Entry e : entries) {
            if (!seen.contains(e.key())) {
                seen.add(e.key());
                entries.stream().filter(o -> o.key().equals(e.key())).forEach(o -> ours.add(o.key() + "=" + o.value()));
            }
        }
        assertEquals(theirs, ours);
    }

    @Test
    void aCommentInsideAContinuedValueDoesNotMoveTheKeyOffItsLine() throws Exception {
        List<KeyValueLines.Entry> entries =
                KeyValueLines.read(new StringReader("# top\nk = a\\\n# skipped\nb\nn = 1\n"));
        assertEquals(
                List.of(new KeyValueLines.Entry("k", "ab", " = ", 2), new KeyValueLines.Entry("n", "1", " = ", 5)),
                entries);
    }

    @Test
    void aByteOrderMarkIsSkippedAndABadEscapeNamesTheLineItsKeyIsOn() throws Exception {
        assertEquals(
                List.of(new KeyValueLines.Entry("k", "v", " = ", 1)),
                KeyValueLines.read(new StringReader("\uFEFFk = v\n")));
        KeyValueLines.BadLine bad = org.junit.jupiter.api.Assertions.assertThrows(
                KeyValueLines.BadLine.class,
                () -> KeyValueLines.read(new StringReader("a = 1\n# note\nb = x\\\n  y\\u12G4\n")));
        assertEquals(3, bad.line());
        assertEquals(
                "\\u12G4 is not an escape: \\u takes four hexadecimal digits (write \\\\u for a backslash"
                        + " followed by u)",
                bad.getMessage());
    }

    @Test
    void aShortEscapeAtTheEndOfALineIsRefusedNotDropped() throws Exception {
        // Commons Configuration alone reads "a\\u12" at a line's end as "a", without a word
        KeyValueLines.BadLine bad = org.junit.jupiter.api.Assertions.assertThrows(
                KeyValueLines.BadLine.class,
                () -> KeyValueLines.read(new StringReader("a = 1\n\nstatus.file = /tmp/a\\u12\nc = 2\n")));
        assertEquals(3, bad.line());
        assertEquals(
                "\\u12 is not an escape: \\u takes four hexadecimal digits (write \\\\u for a backslash"
                        + " followed by u)",
                bad.getMessage());
        org.junit.jupiter.api.Assertions.assertThrows(
                KeyValueLines.BadLine.class, () -> KeyValueLines.read(new StringReader("k = x\\u")));
        // an escaped backslash before u is no escape, and a whole one is read
        assertEquals(
                List.of(new KeyValueLines.Entry("k", "\\u12 \u00e9", " = ", 1)),
                KeyValueLines.read(new StringReader("k = \\\\u12 \\u00e9\n")));
    }
}
