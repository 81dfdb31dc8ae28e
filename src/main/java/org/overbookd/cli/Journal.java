package org.overbookd.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether stderr is systemd's journal, and the journal's priority prefixes. systemd sets
 * {@code JOURNAL_STREAM} to the device and inode of the stream it connects to stdout and stderr
 * (systemd.exec(5)); the variable is inherited by children whose stderr may go elsewhere, so it is
 * believed only when it names the file that stderr is. Then journald reads a line's priority from a
 * leading {@code <N>} (sd-daemon(3): 3 error, 4 warning, 5 notice, 6 info, 7 debug), which is what
 * {@code journalctl -p warning} filters on; without it every line is info.
 */
final class Journal {

    /** {@code overbookd.log.journal}: "true" when each log line carries its priority. */
    static final String PROPERTY = "overbookd.log.journal";

    private Journal() {}

    /** Whether this process's stderr is the journal's stream. */
    static boolean isStderr() {
        String stream = System.getenv("JOURNAL_STREAM");
        if (stream == null) {
            return false;
        }
        try {
            Path stderr = Path.of("/proc/self/fd/2");
            return names(stream, (Long) Files.getAttribute(stderr, "unix:dev"), (Long)
                    Files.getAttribute(stderr, "unix:ino"));
        } catch (IOException | RuntimeException e) {
            return false; // no /proc, or stderr closed: write plainly
        }
    }

    /** Whether {@code JOURNAL_STREAM}'s {@code DEVICE:INODE} (decimal) names the file of {@code dev} and {@code ino}. */
    static boolean names(String stream, long dev, long ino) {
        int colon = stream.indexOf(':');
        if (colon <= 0) {
            return false;
        }
        try {
            return Long.parseUnsignedLong(stream.substring(0, colon).strip()) == dev
                    && Long.parseUnsignedLong(stream.substring(colon + 1).strip()) == ino;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The prefix of a log line of Logback level {@code level} (ERROR, WARN, INFO, DEBUG, TRACE). */
    static String prefix(String level) {
        return switch (level) {
            case "ERROR" -> "<3>";
            case "WARN" -> "<4>";
            case "INFO" -> "<6>";
            default -> "<7>";
        };
    }

    /**
     * {@code err} where every line that does not begin with a priority gets the error's: what the
     * commands print on stderr themselves, rather than through the log, is what went wrong
     * ("overbookd: configuration error: ...").
     */
    static PrintStream prefixing(PrintStream err) {
        return new PrintStream(new LinePrefixer(err), true, StandardCharsets.UTF_8);
    }

    /** Collects each line and writes it with "<3>" in front unless it has a priority of its own. */
    private static final class LinePrefixer extends OutputStream {
        private final PrintStream out;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        /** Part of the current line was written already (a flush before its end): no prefix for the rest. */
        private boolean midLine;

        LinePrefixer(PrintStream out) {
            this.out = out;
        }

        @Override
        public synchronized void write(int b) {
            line.write(b);
            if (b == '\n') {
                emit();
                midLine = false;
            }
        }

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) {
            for (int i = offset; i < offset + length; i++) {
                write(bytes[i]);
            }
        }

        @Override
        public synchronized void flush() {
            if (line.size() > 0) {
                emit();
                midLine = true;
            }
            out.flush();
        }

        private void emit() {
            byte[] bytes = line.toByteArray();
            line.reset();
            boolean prioritized =
                    bytes.length >= 3 && bytes[0] == '<' && bytes[1] >= '0' && bytes[1] <= '7' && bytes[2] == '>';
            if (!midLine && !prioritized) {
                out.write('<');
                out.write('3');
                out.write('>');
            }
            out.write(bytes, 0, bytes.length);
        }
    }
}
