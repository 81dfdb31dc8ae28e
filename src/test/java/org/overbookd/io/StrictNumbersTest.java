package org.overbookd.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The scan accepts exactly the plain decimals the written rule describes. Each case is also checked
 * against that rule as a regular expression, so the scan and its description cannot drift apart.
 */
class StrictNumbersTest {

    private static final Pattern RULE = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    @ParameterizedTest
    @ValueSource(
            strings = {
                "0", "7", "-7", "+7", "0.0625", ".5", "5.", "-.5", "1e3", "1E-3", "2.5e+10", " 42 ", "000123", "1e999"
            })
    void plainDecimalsAreNumbers(String text) {
        assertEquals(true, RULE.matcher(text.trim()).matches(), "the rule itself takes " + text);
        assertEquals(Double.valueOf(text.trim()), StrictNumbers.decimal(text));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                " ",
                ".",
                "-",
                "+",
                "e3",
                ".e3",
                "1e",
                "1e+",
                "1.2.3",
                "NaN",
                "Infinity",
                "-Infinity",
                "0x1p3",
                "2d",
                "2f",
                "1_000",
                "١٢",
                "1 2",
                "--1",
                "1e3.5"
            })
    void anythingElseIsNot(String text) {
        assertEquals(false, RULE.matcher(text.trim()).matches(), "the rule itself refuses " + text);
        assertNull(StrictNumbers.decimal(text), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "+15", "9223372036854775807", "-9223372036854775808", " 12 "})
    void wholeNumbersInTheRangeOfALongAreIntegers(String text) {
        assertEquals(Long.valueOf(text.trim()), StrictNumbers.integer(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-", "1.0", "1e3", "9223372036854775808", "12345678901234567890", "١٢", "0x10", "+-1"})
    void otherTextIsNoInteger(String text) {
        assertNull(StrictNumbers.integer(text), text);
    }
}
