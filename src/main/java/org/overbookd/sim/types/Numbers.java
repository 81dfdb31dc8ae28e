package org.overbookd.sim.types;

import java.util.regex.Pattern;

/**
 * Strict number parsing for input files: plain decimals only. Double.parseDouble alone would take
 * "NaN", "Infinity", hexadecimal and a trailing "d", none of which belongs in a scenario or a trace.
 */
final class Numbers {

    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d{1,19}");

    private Numbers() {
    }

    /** The decimal, or null when the text is not one. */
    static Double decimal(String text) {
        String t = text.trim();
        return DECIMAL.matcher(t).matches() ? Double.valueOf(t) : null;
    }

    /** The integer, or null when the text is not one or is outside the range of a long. */
    static Long integer(String text) {
        String t = text.trim();
        if (!INTEGER.matcher(t).matches()) {
            return null;
        }
        try {
            return Long.valueOf(t);
        } catch (NumberFormatException e) {
            return null; // 19 digits beyond Long.MAX_VALUE
        }
    }
}
