package org.overbookd.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads and writes durations the way people write them in config files: {@code 30s}, {@code 5m}, {@code 7d}. */
public final class Durations {

    private static final Pattern SIMPLE = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d|w)");

    private Durations() {}

    /**
     * Parses {@code <number><unit>} with unit ms, s, m, h, d or w, or an ISO-8601 duration such as
     * {@code PT5M}.
     *
     * @throws IllegalArgumentException with a message fit for the user
     */
    public static Duration parse(String text) {
        String value = text.trim().toLowerCase(Locale.ROOT);
        Matcher m = SIMPLE.matcher(value);
        if (m.matches()) {
            long n;
            try {
                n = Long.parseLong(m.group(1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "' is too large");
            }
            return switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                case "d" -> Duration.ofDays(n);
                default -> Duration.ofDays(7 * n);
            };
        }
        if (value.startsWith("p")) {
            try {
                return Duration.parse(text.trim());
            } catch (DateTimeParseException e) {
                // fall through to the common message
            }
        }
        throw new IllegalArgumentException("'" + text
                + "' is not a duration; write a whole number and a unit (ms, s, m, h, d, w), such as 30s, 5m or 7d");
    }

    /** The shortest exact form in the units {@link #parse} reads. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms % 1000 != 0) {
            return ms + "ms";
        }
        long s = ms / 1000;
        if (s != 0 && s % 86400 == 0) {
            return s / 86400 + "d";
        }
        if (s != 0 && s % 3600 == 0) {
            return s / 3600 + "h";
        }
        if (s != 0 && s % 60 == 0) {
            return s / 60 + "m";
        }
        return s + "s";
    }
}
