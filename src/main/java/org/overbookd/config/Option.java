package org.overbookd.config;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * One configuration key: its name, type, default, allowed range and documentation. The schema is
 * the single source for validating files, for {@code check-config} and for the key reference.
 *
 * @param <T> the value type after parsing
 */
public final class Option<T> {

    private final String key;
    private final String type;
    private final T defaultValue;
    private final String range;
    private final String doc;
    private final Function<String, T> parser;
    private final Function<T, String> formatter;

    private Option(
            String key,
            String type,
            T defaultValue,
            String range,
            String doc,
            Function<String, T> parser,
            Function<T, String> formatter) {
        this.key = Objects.requireNonNull(key);
        this.type = type;
        this.defaultValue = defaultValue;
        this.range = Objects.requireNonNull(range);
        this.doc = doc;
        this.parser = parser;
        this.formatter = formatter;
    }

    public String key() {
        return key;
    }

    public String type() {
        return type;
    }

    public T defaultValue() {
        return defaultValue;
    }

    /** Allowed values in words, such as {@code 0 to 100} or {@code suspend, stop}. */
    public String range() {
        return range;
    }

    public String doc() {
        return doc;
    }

    /**
     * Parses and range-checks a raw value.
     *
     * @throws IllegalArgumentException whose message says what is wrong, without the key
     */
    public T parse(String raw) {
        return parser.apply(raw.trim());
    }

    public String format(T value) {
        return formatter.apply(value);
    }

    public String formatDefault() {
        return format(defaultValue);
    }

    // ---- factories -------------------------------------------------------------------------

    public static Option<Double> decimal(String key, double def, double min, double max, String doc) {
        String range = fmt(min) + " to " + fmt(max);
        return new Option<>(
                key,
                "number",
                def,
                range,
                doc,
                raw -> {
                    double v;
                    try {
                        v = Double.parseDouble(raw);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("'" + raw + "' is not a number");
                    }
                    if (!(v >= min && v <= max)) {
                        throw new IllegalArgumentException(raw + " is outside " + range);
                    }
                    return v;
                },
                Option::fmt);
    }

    public static Option<Integer> integer(String key, int def, int min, int max, String doc) {
        String range = min + " to " + max;
        return new Option<>(
                key,
                "integer",
                def,
                range,
                doc,
                raw -> {
                    long v = parseLong(raw);
                    if (v < min || v > max) {
                        throw new IllegalArgumentException(raw + " is outside " + range);
                    }
                    return (int) v;
                },
                String::valueOf);
    }

    public static Option<Long> longInteger(String key, long def, String doc) {
        return new Option<>(key, "integer", def, "any 64-bit integer", doc, Option::parseLong, String::valueOf);
    }

    public static Option<Duration> duration(String key, Duration def, Duration min, Duration max, String doc) {
        String range = Durations.format(min) + " to " + Durations.format(max);
        return new Option<>(
                key,
                "duration",
                def,
                range,
                doc,
                raw -> {
                    Duration d = Durations.parse(raw);
                    if (d.compareTo(min) < 0 || d.compareTo(max) > 0) {
                        throw new IllegalArgumentException(raw + " is outside " + range);
                    }
                    return d;
                },
                Durations::format);
    }

    /** A size in bytes, written {@code 100MB} ({@link ByteSizes}). */
    public static Option<Long> size(String key, long def, long min, long max, String doc) {
        String range = ByteSizes.format(min) + " to " + ByteSizes.format(max);
        return new Option<>(
                key,
                "size",
                def,
                range,
                doc,
                raw -> {
                    long bytes = ByteSizes.parse(raw);
                    if (bytes < min || bytes > max) {
                        throw new IllegalArgumentException(raw + " is outside " + range);
                    }
                    return bytes;
                },
                ByteSizes::format);
    }

    /** A value of a type of its own, parsed and printed by the type's functions. */
    public static <T> Option<T> parsed(
            String key,
            String type,
            T def,
            String range,
            String doc,
            Function<String, T> parser,
            Function<T, String> formatter) {
        return new Option<>(key, type, def, range, doc, parser, formatter);
    }

    public static Option<String> string(String key, String def, String doc) {
        return new Option<>(key, "string", def, "any text", doc, raw -> raw, s -> s);
    }

    /** An http:// or https:// URL. */
    public static Option<java.net.URI> url(String key, String def, String doc) {
        java.util.function.Function<String, java.net.URI> parser = raw -> {
            try {
                java.net.URI uri = new java.net.URI(raw);
                String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
                if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
                    throw new IllegalArgumentException(
                            "'" + shownUrl(raw) + "' is not an http:// or https:// URL with a host");
                }
                return uri;
            } catch (java.net.URISyntaxException e) {
                // the reason, not the JDK's message: that quotes the whole input, credentials and all
                throw new IllegalArgumentException("'" + shownUrl(raw) + "' is not a URL: " + e.getReason());
            }
        };
        return new Option<>(
                key, "url", parser.apply(def), "an http:// or https:// URL", doc, parser, java.net.URI::toString);
    }

    /**
     * {@code raw} as a message may quote it: with what could be a user's password before the host
     * ({@code user:secret@}) and the query (where a password may be put against advice) left out.
     */
    static String shownUrl(String raw) {
        return raw.replaceFirst("//[^/?#]*@", "//***@").replaceFirst("\\?.*", "?...");
    }

    public static Option<String> path(String key, String def, String doc) {
        return new Option<>(key, "path", def, "a file path (empty: none)", doc, raw -> raw, s -> s);
    }

    /** An enumeration written in lower case with dashes in the file, such as {@code least-utilized}. */
    public static <E extends Enum<E>> Option<E> choice(String key, Class<E> type, E def, String doc) {
        List<String> names =
                Arrays.stream(type.getEnumConstants()).map(Option::spell).toList();
        String range = String.join(", ", names);
        return new Option<>(
                key,
                "choice",
                def,
                range,
                doc,
                raw -> {
                    for (E e : type.getEnumConstants()) {
                        if (spell(e).equals(raw.toLowerCase(Locale.ROOT))) {
                            return e;
                        }
                    }
                    throw new IllegalArgumentException("'" + raw + "' is not one of " + range);
                },
                Option::spell);
    }

    public static String spell(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static long parseLong(String raw) {
        try {
            return Long.parseLong(raw);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + raw + "' is not a whole number");
        }
    }

    static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    @Override
    public String toString() {
        return key;
    }
}
