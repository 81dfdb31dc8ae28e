package org.overbookd.backend.opennebula.requirements;

import java.util.regex.Pattern;

/**
 * How oned turns an attribute's text into a number for a numeric comparison: {@code
 * std::istringstream(text) >> std::dec >> value} in the C locale (libstdc++'s {@code num_get}).
 * Leading white space is skipped, the number is read as far as it goes and the rest ignored
 * ({@code "12abc"} is 12, {@code "3.9"} is the int 3); no digit at all, or a value out of range,
 * fails, and oned then skips that element as if it were not there.
 */
final class CxxNumbers {

    /** What strtof takes whole: the gathered text must be all of one number. */
    private static final Pattern WHOLE_FLOAT = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)(e[+-]?\\d+)?");

    private CxxNumbers() {}

    /** The int {@code text} starts with, or null when {@code >> int} fails. */
    static Integer parseInt(String text) {
        int i = skipSpace(text);
        int n = text.length();
        boolean negative = false;
        if (i < n && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
            negative = text.charAt(i) == '-';
            i++;
        }
        long value = 0;
        int digits = 0;
        while (i < n && isDigit(text.charAt(i))) {
            value = value * 10 + (text.charAt(i) - '0');
            digits++;
            i++;
            if (value > 1L << 32) {
                // out of an int's range however it goes on; num_get reads the rest and fails
                return null;
            }
        }
        if (digits == 0) {
            return null;
        }
        long signed = negative ? -value : value;
        return signed < Integer.MIN_VALUE || signed > Integer.MAX_VALUE ? null : (int) signed;
    }

    /**
     * The float {@code text} starts with, or null when {@code >> float} fails. libstdc++ gathers a
     * sign, digits with one decimal point, and an exponent mark (only after a digit) with its sign and
     * digits; then {@code strtof} must take all it gathered ({@code "1e"} and {@code "."} fail), and a
     * value too large for a float fails too.
     */
    static Float parseFloat(String text) {
        int i = skipSpace(text);
        int n = text.length();
        StringBuilder gathered = new StringBuilder();
        if (i < n && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
            gathered.append(text.charAt(i++));
        }
        boolean mantissa = false;
        boolean point = false;
        boolean exponent = false;
        while (i < n) {
            char c = text.charAt(i);
            if (isDigit(c)) {
                gathered.append(c);
                mantissa = true;
            } else if (c == '.' && !point && !exponent) {
                gathered.append(c);
                point = true;
            } else if ((c == 'e' || c == 'E') && !exponent && mantissa) {
                gathered.append('e');
                exponent = true;
                if (i + 1 < n && (text.charAt(i + 1) == '+' || text.charAt(i + 1) == '-')) {
                    gathered.append(text.charAt(++i));
                }
            } else {
                break;
            }
            i++;
        }
        String number = gathered.toString();
        if (!WHOLE_FLOAT.matcher(number).matches()) {
            return null; // strtof would not take it all
        }
        float value = Float.parseFloat(number);
        return Float.isInfinite(value) ? null : value;
    }

    /** C's isspace in the C locale: space, tab, new line, vertical tab, form feed, carriage return. */
    private static int skipSpace(String text) {
        int i = 0;
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) >= '\t' && text.charAt(i) <= '\r')) {
            i++;
        }
        return i;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
