package org.overbookd.policy;

import java.util.Objects;
import java.util.function.Function;

/**
 * One typed argument a policy declares (as a Kubernetes scheduling plugin declares its args): its
 * key, what it means, its default and how a given text becomes a valid value. The key is
 * lower-case with dashes, unique among the arguments of one policy; the command line spells it as an
 * option of its own or as {@code --policy-arg KEY=VALUE}. A policy reads its values from
 * {@link Arguments}, never from the command line.
 *
 * @param parse the value of a given text, or an IllegalArgumentException whose message says what is
 *              wrong with it without naming the key ("must be at least 1, got 0"): the caller names it
 */
public record Argument<T>(String key, String description, T defaultValue, Function<String, T> parse) {

    public Argument {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(parse, "parse");
        if (!key.matches("[a-z][a-z0-9]*(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException(
                    "an argument's key is lower-case words joined by dashes, not '" + key + "'");
        }
    }

    /** An integer of at least {@code min}. */
    public static Argument<Integer> atLeast(String key, String description, int defaultValue, int min) {
        if (defaultValue < min) {
            throw new IllegalArgumentException(key + ": the default " + defaultValue + " is under the minimum " + min);
        }
        return new Argument<>(key, description, defaultValue, text -> {
            int value;
            try {
                value = Integer.parseInt(text.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "' is not an integer");
            }
            if (value < min) {
                throw new IllegalArgumentException("must be at least " + min + ", got " + value);
            }
            return value;
        });
    }

    /**
     * A number strictly between {@code low} and {@code high}. The text is read as Java reads a double
     * ({@link Double#parseDouble}), so a value gives the same bits whether it came from a file, the
     * command line or {@link Double#toString}.
     */
    public static Argument<Double> between(
            String key, String description, double defaultValue, double low, double high) {
        if (!(defaultValue > low && defaultValue < high)) {
            throw new IllegalArgumentException(key + ": the default " + defaultValue + " is not strictly between "
                    + number(low) + " and " + number(high));
        }
        return new Argument<>(key, description, defaultValue, text -> {
            double value;
            try {
                value = Double.parseDouble(text.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "' is not a number");
            }
            if (!(value > low && value < high)) {
                throw new IllegalArgumentException(
                        "must be strictly between " + number(low) + " and " + number(high) + ", got " + text.trim());
            }
            return value;
        });
    }

    /** A yes or no, written {@code true} or {@code false} (in any case). */
    public static Argument<Boolean> flag(String key, String description, boolean defaultValue) {
        return new Argument<>(key, description, defaultValue, text -> {
            String t = text.trim();
            if (t.equalsIgnoreCase("true")) {
                return true;
            }
            if (t.equalsIgnoreCase("false")) {
                return false;
            }
            throw new IllegalArgumentException("'" + text + "' is not true or false");
        });
    }

    /** A bound as a person writes it: 0 and 1, not 0.0 and 1.0. */
    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
