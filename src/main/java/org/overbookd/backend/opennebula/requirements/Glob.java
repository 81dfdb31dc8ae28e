package org.overbookd.backend.opennebula.requirements;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The string comparisons of oned's requirements: glibc's {@code fnmatch(pattern, value, 0)} in the C
 * locale (oned never sets another), so over the UTF-8 bytes of both. {@code *} matches any bytes,
 * {@code /} and a leading dot included; {@code ?} one byte; {@code [...]} one byte of a set, with
 * ranges by byte value, negated by {@code !} or {@code ^}, a {@code ]} first taken as a member,
 * and the classes {@code [:alpha:]} and the like of the C locale; {@code \} makes the next
 * character literal, and a pattern that ends in a lone {@code \} matches nothing.
 *
 * <p>What glibc does in corners this does not copy is refused when the pattern is read
 * ({@link #compile} answers null, the comparison is unsupported): collating elements {@code [.x.]}
 * and equivalence classes {@code [=x=]}, a class name that is not one of the twelve, a {@code [}
 * inside a set that starts none of these, a range that starts or ends at a class, and a set that is
 * never closed (glibc's answer then depends on the value).
 *
 * <p>Matching is the greedy scan that backs up to the last star: at most value x pattern steps,
 * each one unit of the {@link WorkBudget}, never exponential.
 */
final class Glob {

    /** One element of a pattern: a star, or a set of the bytes one position may hold. */
    private record Element(boolean star, boolean[] members) {
        boolean accepts(int b) {
            return members[b];
        }
    }

    private static final Element STAR = new Element(true, null);

    private final Element[] elements;

    private Glob(Element[] elements) {
        this.elements = elements;
    }

    /** The pattern, or null when it uses what this class does not copy of glibc. */
    static Glob compile(String pattern) {
        byte[] p = pattern.getBytes(StandardCharsets.UTF_8);
        List<Element> out = new ArrayList<>();
        int i = 0;
        while (i < p.length) {
            int c = p[i] & 0xFF;
            if (c == '*') {
                if (out.isEmpty() || !out.get(out.size() - 1).star()) {
                    out.add(STAR);
                }
                i++;
            } else if (c == '?') {
                out.add(new Element(false, all(true)));
                i++;
            } else if (c == '\\') {
                // a lone backslash at the end: glibc answers no match when it gets there, whatever follows
                out.add(new Element(false, i + 1 < p.length ? single(p[i + 1] & 0xFF) : all(false)));
                i += 2;
            } else if (c == '[') {
                int[] end = new int[1];
                boolean[] set = bracket(p, i + 1, end);
                if (set == null) {
                    return null;
                }
                out.add(new Element(false, set));
                i = end[0];
            } else {
                out.add(new Element(false, single(c)));
                i++;
            }
        }
        return new Glob(out.toArray(new Element[0]));
    }

    /** Whether {@code value} matches, charging one unit per step. */
    boolean matches(String value, WorkBudget budget) throws Unevaluable {
        return matches(value.getBytes(StandardCharsets.UTF_8), budget);
    }

    /** Whether the bytes {@code s} match, charging one unit per step. */
    boolean matches(byte[] s, WorkBudget budget) throws Unevaluable {
        int m = elements.length;
        int p = 0;
        int i = 0;
        int starAt = -1;
        int resumeAt = 0;
        while (i < s.length) {
            budget.charge(1);
            if (p < m && elements[p].star()) {
                starAt = p++;
                resumeAt = i;
            } else if (p < m && elements[p].accepts(s[i] & 0xFF)) {
                p++;
                i++;
            } else if (starAt >= 0) {
                p = starAt + 1;
                i = ++resumeAt;
            } else {
                return false;
            }
        }
        while (p < m && elements[p].star()) {
            p++;
        }
        return p == m;
    }

    /**
     * The set of a bracket whose first member is at {@code from} (just after '['); {@code end[0]}
     * the index after its ']'. Null when it is never closed or uses what this class does not copy.
     */
    private static boolean[] bracket(byte[] p, int from, int[] end) {
        int i = from;
        boolean negated = i < p.length && (p[i] == '!' || p[i] == '^');
        if (negated) {
            i++;
        }
        boolean[] set = new boolean[256];
        boolean first = true;
        while (true) {
            if (i >= p.length) {
                return null; // never closed
            }
            int c = p[i] & 0xFF;
            if (c == ']' && !first) {
                i++;
                break;
            }
            first = false;
            if (c == '[') {
                if (i + 1 < p.length && p[i + 1] == ':') {
                    int close = indexOf(p, i + 2, ":]");
                    if (close < 0 || !addClass(new String(p, i + 2, close - i - 2, StandardCharsets.US_ASCII), set)) {
                        return null;
                    }
                    i = close + 2;
                    if (i < p.length && p[i] == '-' && i + 1 < p.length && p[i + 1] != ']') {
                        return null; // a range from a class
                    }
                    continue;
                }
                return null; // [. or [= or a bare [ inside a set
            }
            int low;
            if (c == '\\') {
                if (i + 1 >= p.length) {
                    return null;
                }
                low = p[i + 1] & 0xFF;
                i += 2;
            } else {
                low = c;
                i++;
            }
            if (i + 1 < p.length && p[i] == '-' && p[i + 1] != ']') {
                int high;
                int h = p[i + 1] & 0xFF;
                if (h == '[') {
                    return null; // a range to a class or a collating element
                }
                if (h == '\\') {
                    if (i + 2 >= p.length) {
                        return null;
                    }
                    high = p[i + 2] & 0xFF;
                    i += 3;
                } else {
                    high = h;
                    i += 2;
                }
                for (int b = low; b <= high; b++) {
                    set[b] = true;
                }
            } else {
                set[low] = true;
            }
        }
        end[0] = i;
        if (negated) {
            for (int b = 0; b < 256; b++) {
                set[b] = !set[b];
            }
        }
        return set;
    }

    /** Adds the C locale's class {@code name}; false when there is no such class. */
    private static boolean addClass(String name, boolean[] set) {
        if (!isClass(name)) {
            return false;
        }
        for (int b = 0; b < 128; b++) {
            set[b] |= inClass(name, b);
        }
        return true;
    }

    private static boolean isClass(String name) {
        return switch (name) {
            case "alnum",
                    "alpha",
                    "blank",
                    "cntrl",
                    "digit",
                    "graph",
                    "lower",
                    "print",
                    "punct",
                    "space",
                    "upper",
                    "xdigit" -> true;
            default -> false;
        };
    }

    /** Whether the ASCII byte {@code b} is in the C locale's class {@code name}. */
    private static boolean inClass(String name, int b) {
        return switch (name) {
            case "alnum" -> isAlpha(b) || isDigit(b);
            case "alpha" -> isAlpha(b);
            case "blank" -> b == ' ' || b == '\t';
            case "cntrl" -> b < 32 || b == 127;
            case "digit" -> isDigit(b);
            case "graph" -> b > 32 && b < 127;
            case "lower" -> b >= 'a' && b <= 'z';
            case "print" -> b >= 32 && b < 127;
            case "punct" -> b > 32 && b < 127 && !isAlpha(b) && !isDigit(b);
            case "space" -> b == ' ' || b >= 9 && b <= 13;
            case "upper" -> b >= 'A' && b <= 'Z';
            case "xdigit" -> isDigit(b) || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F';
            default -> false;
        };
    }

    private static boolean isAlpha(int b) {
        return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z';
    }

    private static boolean isDigit(int b) {
        return b >= '0' && b <= '9';
    }

    private static int indexOf(byte[] p, int from, String what) {
        for (int i = from; i + what.length() <= p.length; i++) {
            if (p[i] == what.charAt(0) && p[i + 1] == what.charAt(1)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean[] single(int b) {
        boolean[] set = new boolean[256];
        set[b] = true;
        return set;
    }

    private static boolean[] all(boolean value) {
        boolean[] set = new boolean[256];
        Arrays.fill(set, value);
        return set;
    }
}
