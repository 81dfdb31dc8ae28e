package org.overbookd.backend.opennebula;

import java.util.OptionalDouble;

/**
 * Reads the availability SLO a VM's owner wrote in its USER_TEMPLATE: a fraction from 0 to 1
 * ({@code 0.9}) or a percentage ({@code 90%}). A bare number above 1 is refused rather than read as
 * a percentage: "90" might be a typo for 0.90 or 0.09, and guessing an SLO is worse than using the
 * configured default.
 */
final class SloValue {

    private SloValue() {}

    /** The SLO, or empty when the value is missing or not one of the two forms. */
    static OptionalDouble parse(String value) {
        if (value == null) {
            return OptionalDouble.empty();
        }
        String text = value.strip();
        boolean percent = text.endsWith("%");
        if (percent) {
            text = text.substring(0, text.length() - 1).strip();
        }
        double number;
        try {
            number = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
        if (percent) {
            number /= 100;
        }
        return Double.isFinite(number) && number >= 0 && number <= 1
                ? OptionalDouble.of(number)
                : OptionalDouble.empty();
    }
}
