package org.overbookd.io;

/**
 * The one rule for numbers in input files: plain decimals and plain integers. Double.parseDouble
 * alone would take "NaN", "Infinity", hexadecimal and a trailing "d", and Long.parseLong digits of
 * any script; none of them belongs in a trace, a scenario or a servers file.
 *
 * <p>The rule is checked by a scan of the characters, not a regular expression: a Google trace has
 * hundreds of millions of numbers, and the scan costs a few nanoseconds where a matcher costs tens.
 * Accepted: an optional sign, then ASCII digits with at most one decimal point and at least one
 * digit, then an optional exponent (e or E, an optional sign, one digit or more).
 */
public final class StrictNumbers {

    private StrictNumbers() {}

    /** The decimal, or null when the text (trimmed) is not one. May be infinite when it overflows. */
    public static Double decimal(String text) {
        String t = text.trim();
        return isDecimal(t) ? Double.valueOf(t) : null;
    }

    /** The integer, or null when the text (trimmed) is not one or is outside the range of a long. */
    public static Long integer(String text) {
        String t = text.trim();
        int start = t.startsWith("+") || t.startsWith("-") ? 1 : 0;
        int digits = t.length() - start;
        if (digits < 1 || digits > 19 || !asciiDigits(t, start, t.length())) {
            return null;
        }
        try {
            return Long.valueOf(t);
        } catch (NumberFormatException e) {
            return null; // 19 digits beyond Long.MAX_VALUE
        }
    }

    static boolean isDecimal(String t) {
        int i = t.startsWith("+") || t.startsWith("-") ? 1 : 0;
        int digits = 0;
        boolean point = false;
        for (; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c >= '0' && c <= '9') {
                digits++;
            } else if (c == '.' && !point) {
                point = true;
            } else {
                break;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i == t.length()) {
            return true;
        }
        char e = t.charAt(i);
        if (e != 'e' && e != 'E') {
            return false;
        }
        i++;
        if (i < t.length() && (t.charAt(i) == '+' || t.charAt(i) == '-')) {
            i++;
        }
        return i < t.length() && asciiDigits(t, i, t.length());
    }

    private static boolean asciiDigits(String t, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = t.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
