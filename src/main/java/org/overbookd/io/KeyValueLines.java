package org.overbookd.io;

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
 * the line number, which Commons Configuration does not keep.
 */
public final class KeyValueLines {

    /**
     * One key as written, in file order (a key set twice comes twice). {@code line} is the line the
     * key is on (the first of a continued value); {@code separator} what stood between key and value,
     * spaces included ("" when a key stands alone).
     */
    public record Entry(String key, String value, String separator, int line) {
    }

    private KeyValueLines() {
    }

    public static List<Entry> read(Reader text) throws IOException {
        List<Entry> entries = new ArrayList<>();
        try (LineTracking in = new LineTracking(text)) {
            while (in.nextProperty()) {
                String separator = in.getPropertySeparator();
                entries.add(new Entry(in.getPropertyName(), in.getPropertyValue(),
                        separator == null ? "" : separator, in.start));
            }
        }
        return entries;
    }

    /** Notes the line each property starts on: its first line that is not a comment or blank. */
    private static final class LineTracking extends PropertiesReader {

        int start;
        private boolean started;

        LineTracking(Reader text) {
            super(text);
        }

        @Override
        public String readProperty() throws IOException {
            started = false;
            return super.readProperty();
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
