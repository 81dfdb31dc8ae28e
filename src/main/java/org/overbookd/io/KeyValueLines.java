package org.overbookd.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.configuration2.PropertiesConfiguration.PropertiesReader;

/**
 * The one reader of {@code key = value} files (the settings file, a scenario), with the line each
 * key is on. The format is the properties format exactly as Apache Commons Configuration reads it,
 * because its own reader does the reading: {@code #} and {@code !} comment lines, blank lines,
 * whitespace around keys and values trimmed, {@code =}, {@code :} or whitespace between key and
 * value, a line ending in a backslash continued on the next, backslash escapes. What it adds is
 * the line number, which Commons Configuration does not keep, a line number on a bad escape
 * ({@link BadLine}), and it skips a UTF-8 byte order mark at the start (editors on Windows write
 * one; Commons Configuration would make it part of the first key).
 */
public final class KeyValueLines {

    /**
     * One key as written, in file order (a key set twice comes twice). {@code line} is the line the
     * key is on (the first of a continued value); {@code separator} what stood between key and value,
     * spaces included ("" when a key stands alone).
     */
    public record Entry(String key, String value, String separator, int line) {}

    /** A line the properties format cannot take: a {@code \\u} escape without four hexadecimal digits. */
    public static final class BadLine extends Exception {

        private static final long serialVersionUID = 1L;

        private final int line;

        BadLine(int line, String problem) {
            super(problem);
            this.line = line;
        }

        /** The line the key is on (the first of a continued value). */
        public int line() {
            return line;
        }
    }

    private static final char BYTE_ORDER_MARK = '\uFEFF';

    private KeyValueLines() {}

    public static List<Entry> read(Reader text) throws IOException, BadLine {
        List<Entry> entries = new ArrayList<>();
        try (LineTracking in = new LineTracking(withoutByteOrderMark(text))) {
            while (next(in)) {
                String separator = in.getPropertySeparator();
                entries.add(new Entry(
                        in.getPropertyName(), in.getPropertyValue(), separator == null ? "" : separator, in.start));
            }
        }
        return entries;
    }

    private static boolean next(LineTracking in) throws IOException, BadLine {
        boolean found = true;
        RuntimeException refused = null;
        try {
            found = in.nextProperty();
        } catch (RuntimeException e) {
            refused = e;
        }
        // Our own scan of the line first: Commons Configuration throws for a short \\u escape inside
        // a line but drops one at its end without a word
        if (in.badEscape != null) {
            throw new BadLine(
                    in.start,
                    "\\u" + in.badEscape + " is not an escape: \\u takes four hexadecimal digits (write \\\\u"
                            + " for a backslash followed by u)");
        }
        if (refused != null) {
            throw new BadLine(in.start, "cannot be read as a property: " + refused.getMessage());
        }
        return found;
    }

    /**
     * What follows the first {@code \\u} of a logical line that is not four hexadecimal digits (at
     * most four characters of it), or null: the escapes as Commons Configuration reads them, a
     * backslash taking the character after it.
     */
    static String badEscape(String line) {
        for (int i = 0; i < line.length() - 1; i++) {
            if (line.charAt(i) != '\\') {
                continue;
            }
            if (line.charAt(i + 1) == 'u') {
                String digits = line.substring(i + 2, Math.min(line.length(), i + 6));
                if (digits.length() < 4 || !digits.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
                    return digits;
                }
            }
            i++;
        }
        return null;
    }

    private static Reader withoutByteOrderMark(Reader text) throws IOException {
        BufferedReader in = new BufferedReader(text);
        in.mark(1);
        if (in.read() != BYTE_ORDER_MARK) {
            in.reset();
        }
        return in;
    }

    /** Notes the line each property starts on: its first line that is not a comment or blank. */
    private static final class LineTracking extends PropertiesReader {

        int start;
        private boolean started;

        LineTracking(Reader text) {
            super(text);
        }

        /** What follows a bad {@code \\u} escape in the property just read, or null. */
        String badEscape;

        @Override
        public String readProperty() throws IOException {
            started = false;
            String line = super.readProperty();
            badEscape = line == null ? null : KeyValueLines.badEscape(line);
            return line;
        }

        @Override
        public String readLine() throws IOException {
            String line = super.readLine();
            if (line != null && !started && !isCommentOrBlank(line)) {
                started = true;
                start = getLineNumber();
            }
            return line;
        }

        // The test Commons Configuration applies to skip a line (PropertiesReader's comment check).
        private static boolean isCommentOrBlank(String line) {
            String s = line.trim();
            return s.isEmpty() || s.charAt(0) == '#' || s.charAt(0) == '!';
        }
    }
}
