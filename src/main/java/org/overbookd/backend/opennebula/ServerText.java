package org.overbookd.backend.opennebula;

/**
 * Text that came from the server, cut to a length a log line, an exception message and an audit
 * field can carry. A misbehaving or hostile oned decides what it sends, not how much of it we write:
 * one reply once became three 48 MB messages written whole to the console and the audit.
 */
final class ServerText {

    /** Enough for any message oned really sends (its longest are a few hundred characters). */
    static final int MAX_CHARS = 512;

    private static final java.util.regex.Pattern MARKER =
            java.util.regex.Pattern.compile("\\.\\.\\. \\(\\d+ more characters\\)");

    private ServerText() {}

    /**
     * {@code text} on one line, at most {@link #MAX_CHARS} characters of it followed by
     * {@code "... (N more characters)"}; null stays null.
     */
    static String bounded(String text) {
        if (text == null) {
            return null;
        }
        if (text.length() > MAX_CHARS
                && MARKER.matcher(text).region(MAX_CHARS, text.length()).matches()) {
            return oneLine(text); // bounded already; still one line with no control characters
        }
        String line = oneLine(text.length() > 4 * MAX_CHARS ? text.substring(0, 4 * MAX_CHARS) : text);
        int total = text.length() > 4 * MAX_CHARS ? line.length() + text.length() - 4 * MAX_CHARS : line.length();
        if (total <= MAX_CHARS) {
            return line;
        }
        return line.substring(0, MAX_CHARS) + "... (" + (total - MAX_CHARS) + " more characters)";
    }

    /**
     * Outcome messages end up in one-line audit records and log lines: line breaks would let a server
     * forge log lines, and control characters (ESC) would reach the terminal of whoever reads them, as
     * would format characters (a right-to-left override shows a line's text in another order).
     */
    static String oneLine(String text) {
        return text == null ? null : text.replaceAll("\\s*\\R\\s*", " ").replaceAll("[\\p{Cntrl}\\p{Cf}]", "?");
    }

    /**
     * A name from oned (a VM's, a host's), as the audit, the record and log lines carry it: on one line,
     * control and format characters replaced, and at most {@link #MAX_LABEL_CHARS} characters followed
     * by {@code "... (N more characters)"}. An ordinary name is returned as it is, without a copy.
     */
    static String label(String name) {
        if (name == null || name.length() <= MAX_LABEL_CHARS && plain(name)) {
            return name;
        }
        String head = name.length() > MAX_LABEL_CHARS ? name.substring(0, MAX_LABEL_CHARS) : name;
        // each character for one: a cut name keeps its length, so the count after it stays true
        StringBuilder safe = new StringBuilder(head.length() + 32);
        for (int i = 0; i < head.length(); i++) {
            char c = head.charAt(i);
            safe.append(c == '\n' || c == '\r' || c == '\u2028' || c == '\u2029' ? ' ' : unsafe(c) ? '?' : c);
        }
        return name.length() > MAX_LABEL_CHARS
                ? safe + "... (" + (name.length() - MAX_LABEL_CHARS) + " more characters)"
                : safe.toString();
    }

    /** The longest name kept whole: OpenNebula's own names are far shorter. */
    static final int MAX_LABEL_CHARS = 128;

    private static boolean plain(String name) {
        for (int i = 0; i < name.length(); i++) {
            if (unsafe(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** A control character (line breaks included), a line or paragraph separator, or a format character. */
    private static boolean unsafe(char c) {
        return c < 0x20
                || c >= 0x7F && c <= 0x9F
                || c >= 0xAD && (c == 0x2028 || c == 0x2029 || Character.getType(c) == Character.FORMAT);
    }
}
