package org.overbookd.backend.opennebula.requirements;

import java.util.ArrayList;
import java.util.List;

/**
 * The tokens of oned's {@code expr_parser.l}, rule for rule. Flex takes the longest match, the
 * earlier rule on a tie, and echoes (then skips) any character no rule matches:
 * <ul>
 *   <li>one of {@code @ ! & | = > < ( ) * + / ^ -} is a token of its own;</li>
 *   <li>{@code [A-Za-z][0-9A-Za-z_]*} is a STRING;</li>
 *   <li>{@code ""} is a STRING with no value (oned's NULL: it equals nothing), and
 *       {@code "[^"]*"} a STRING of what is between the quotes, new lines included;</li>
 *   <li>{@code -?[0-9]+} is an INTEGER (C's {@code atoi}), {@code -?[0-9]+\.[0-9]+} a FLOAT (C's
 *       {@code atof}, kept as a C float);</li>
 *   <li>spaces and tabs are skipped; so is every other character, by the default rule: a new line,
 *       a dot, a comma, an underscore not inside a name, a lone quote (the text after it is then
 *       read as tokens), any byte outside ASCII.</li>
 * </ul>
 * oned scans a C string, so nothing after a NUL character is read.
 */
final class ExpressionLexer {

    enum Kind {
        /** One character of {@code @!&|=><()*+/^-}. */
        CHAR,
        STRING,
        INTEGER,
        FLOAT,
        END
    }

    /**
     * One token and the column (from 1) it starts at.
     *
     * @param text    the character for CHAR, the value for STRING (null for {@code ""}), the digits for numbers
     * @param integer an INTEGER's value as {@code atoi} gives it
     * @param real    a FLOAT's value as {@code atof} then a C float give it
     */
    record Token(Kind kind, String text, int integer, float real, int column) {
        boolean is(char c) {
            return kind == Kind.CHAR && text.charAt(0) == c;
        }

        String describe() {
            return switch (kind) {
                case CHAR -> "'" + text + "'";
                case STRING -> text == null ? "\"\"" : "STRING " + text;
                case INTEGER -> "INTEGER " + text;
                case FLOAT -> "FLOAT " + text;
                case END -> "end of expression";
            };
        }
    }

    private static final String SINGLE = "@!&|=><()*+/^-";

    private ExpressionLexer() {}

    /** Every token of {@code expression}, then END. */
    static List<Token> tokens(String expression) {
        int nul = expression.indexOf('\0');
        String s = nul < 0 ? expression : expression.substring(0, nul);
        List<Token> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            int column = i + 1;
            if (c == '-' && i + 1 < n && isDigit(s.charAt(i + 1)) || isDigit(c)) {
                int end = digitsEnd(s, c == '-' ? i + 1 : i);
                if (end + 1 < n && s.charAt(end) == '.' && isDigit(s.charAt(end + 1))) {
                    int fraction = digitsEnd(s, end + 1);
                    String digits = s.substring(i, fraction);
                    out.add(new Token(Kind.FLOAT, digits, 0, (float) Double.parseDouble(digits), column));
                    i = fraction;
                } else {
                    String digits = s.substring(i, end);
                    out.add(new Token(Kind.INTEGER, digits, atoi(digits), 0, column));
                    i = end;
                }
            } else if (SINGLE.indexOf(c) >= 0) {
                out.add(new Token(Kind.CHAR, String.valueOf(c), 0, 0, column));
                i++;
            } else if (isLetter(c)) {
                int end = i + 1;
                while (end < n && (isLetter(s.charAt(end)) || isDigit(s.charAt(end)) || s.charAt(end) == '_')) {
                    end++;
                }
                out.add(new Token(Kind.STRING, s.substring(i, end), 0, 0, column));
                i = end;
            } else if (c == '"' && s.indexOf('"', i + 1) >= 0) {
                int close = s.indexOf('"', i + 1);
                // "" is the rule before the quoted string's and as long: a STRING without a value
                out.add(new Token(Kind.STRING, close == i + 1 ? null : s.substring(i + 1, close), 0, 0, column));
                i = close + 1;
            } else {
                // blanks, and whatever no rule matches (flex echoes it and reads on)
                i++;
            }
        }
        out.add(new Token(Kind.END, "", 0, 0, n + 1));
        return out;
    }

    private static int digitsEnd(String s, int from) {
        int end = from;
        while (end < s.length() && isDigit(s.charAt(end))) {
            end++;
        }
        return end;
    }

    /**
     * C's {@code atoi}, which glibc implements as {@code (int) strtol(s, NULL, 10)}: the value
     * saturates at the limits of a 64-bit long, and the cast keeps its low 32 bits.
     */
    static int atoi(String digits) {
        boolean negative = digits.charAt(0) == '-';
        long value = 0;
        for (int i = negative ? 1 : 0; i < digits.length(); i++) {
            int d = digits.charAt(i) - '0';
            if (value > (Long.MAX_VALUE - d) / 10) {
                value = Long.MAX_VALUE;
                if (negative) {
                    return (int) Long.MIN_VALUE;
                }
                return (int) value;
            }
            value = value * 10 + d;
        }
        return (int) (negative ? -value : value);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isLetter(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z';
    }
}
