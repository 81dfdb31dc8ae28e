package org.overbookd.backend.opennebula;

/**
 * Text that came from the server, cut to a length a log line, an exception message and an audit
 * field can carry. A misbehaving or hostile oned decides what it sends, not how much of it we write:
 * one reply once became three 48 MB messages written whole to the console and the audit.
 */
final class ServerText {

    /** Enough for any message oned really sends (its longest are a few hundred characters). */
    static final int MAX_CHARS = 512;

    private static final java.util.regex.Pattern MARKER = java.util.regex.Pattern.compile("\\.\\.\\. \\(\\d+ more characters\\)");

    private ServerText() {
    }

    /**
     * {@code text} on one line, at most {@link #MAX_CHARS} characters of it followed by
     * {@code "... (N more characters)"}; null stays null.
     */
    static String bounded(String text) {
        if (text == null) {
            return null;
        }
        if (text.length() > MAX_CHARS && MARKER.matcher(text).region(MAX_CHARS, text.length()).matches()) {
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
     * forge log lines, and control characters (ESC) would reach the terminal of whoever reads them.
     */
    static String oneLine(String text) {
        return text == null ? null : text.replaceAll("\\s*\\R\\s*", " ").replaceAll("\\p{Cntrl}", "?");
    }
}
