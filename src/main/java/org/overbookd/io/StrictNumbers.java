package org.overbookd.io;

import java.util.regex.Pattern;

/**
 * The one rule for numbers in input files: plain decimals and plain integers. Double.parseDouble
 * alone would take "NaN", "Infinity", hexadecimal and a trailing "d", and Long.parseLong digits of
 * any script; none of them belongs in a trace, a scenario or a servers file.
 */
public final class StrictNumbers {

    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]{1,19}");

    private StrictNumbers() {
    }

    /** The decimal, or null when the text (trimmed) is not one. May be infinite when it overflows. */
    public static Double decimal(String text) {
        String t = text.trim();
        return DECIMAL.matcher(t).matches() ? Double.valueOf(t) : null;
    }

    /** The integer, or null when the text (trimmed) is not one or is outside the range of a long. */
    public static Long integer(String text) {
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
