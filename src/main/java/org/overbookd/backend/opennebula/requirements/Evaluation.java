package org.overbookd.backend.opennebula.requirements;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.overbookd.backend.opennebula.requirements.Expression.Comparison;
import org.overbookd.backend.opennebula.requirements.Expression.Operator;

/**
 * The semantic actions of oned's {@code expr_bool.y}, on one object's document:
 * <ul>
 *   <li>{@code =}, {@code !=}, {@code >}, {@code <} take the first element found whose value
 *       converts to the literal's type (an integer, a C float, or any text: see {@link CxxNumbers});
 *       when there is none the comparison is false, {@code !=} included;</li>
 *   <li>{@code @>} is true when any element found equals (for text: matches) the literal;</li>
 *   <li>text compares by {@link Glob}, the literal being the pattern; {@code ""} matches nothing, so
 *       {@code A = ""} and {@code A != ""} are both false;</li>
 *   <li>on a host, {@code CURRENT_VMS = N} is true when VM N is on the host, and oned's quirk makes
 *       {@code CURRENT_VMS = -1} always true; {@code CURRENT_VMS != N} is true when it is not and N is
 *       not -1; compared with text, CURRENT_VMS reads one byte, 0xFF (oned assigns -1 to a
 *       std::string), which {@code "*"} and {@code "?"} match and no digit does; compared with
 *       {@code >}, {@code <} or a decimal, oned reads an uninitialised value, so that is unevaluable.</li>
 * </ul>
 * {@code &} and {@code |} fold from the left as the grammar reduces them; skipping the right side
 * once the left decides is safe, since a look-up has no effect on the answer of another.
 */
final class Evaluation {

    private Evaluation() {}

    static boolean of(Expression e, ObjectDocument doc, WorkBudget budget) throws Unevaluable {
        if (e instanceof Expression.Comparison c) {
            return compare(c, doc, budget);
        }
        if (e instanceof Expression.Chain chain) {
            return chain(chain, doc, budget);
        }
        if (e instanceof Expression.Not not) {
            return !of(not.operand(), doc, budget);
        }
        return true; // Always: the empty expression
    }

    private static boolean chain(Expression.Chain chain, ObjectDocument doc, WorkBudget budget) throws Unevaluable {
        boolean value = of(chain.first(), doc, budget);
        for (int i = 0; i < chain.rest().size(); i++) {
            boolean and = chain.operators().get(i) == '&';
            if (and ? value : !value) {
                value = of(chain.rest().get(i), doc, budget);
            }
        }
        return value;
    }

    private static boolean compare(Comparison c, ObjectDocument doc, WorkBudget budget) throws Unevaluable {
        budget.charge(1);
        if (doc.hasCurrentVms() && c.attribute().equals("CURRENT_VMS") && c.operator() != Operator.CONTAINS) {
            return currentVms(c, doc, budget);
        }
        List<String> values = doc.search(c.attribute());
        budget.charge(values.size());
        if (c.literal() instanceof Expression.IntegerLiteral i) {
            return numbers(c.operator(), i.value(), values, CxxNumbers::parseInt);
        }
        if (c.literal() instanceof Expression.FloatLiteral f) {
            return numbers(c.operator(), f.value(), values, CxxNumbers::parseFloat);
        }
        return strings(c.operator(), (Expression.StringLiteral) c.literal(), values, budget);
    }

    /**
     * A numeric comparison: each value read as the literal's type ({@code parse} answers null when
     * oned's conversion fails), then compared as doubles, which hold every int and every float
     * exactly and so order them as C compares them.
     */
    private static boolean numbers(Operator op, double literal, List<String> values, Function<String, Number> parse) {
        for (String value : values) {
            Number parsed = parse.apply(value);
            if (parsed == null) {
                continue;
            }
            double v = parsed.doubleValue();
            if (op == Operator.CONTAINS) {
                if (v == literal) {
                    return true;
                }
                continue;
            }
            return switch (op) {
                case EQUALS -> v == literal;
                case NOT_EQUALS -> v != literal;
                case GREATER -> v > literal;
                case LESS -> v < literal;
                case CONTAINS -> throw new IllegalStateException("handled above");
            };
        }
        return false;
    }

    private static boolean strings(Operator op, Expression.StringLiteral s, List<String> values, WorkBudget budget)
            throws Unevaluable {
        List<byte[]> bytes = new ArrayList<>(values.size());
        for (String value : values) {
            bytes.add(value.getBytes(StandardCharsets.UTF_8));
        }
        return bytes(op, s, bytes, budget);
    }

    /** A text comparison over the values' bytes, as fnmatch compares them in the C locale. */
    private static boolean bytes(Operator op, Expression.StringLiteral s, List<byte[]> values, WorkBudget budget)
            throws Unevaluable {
        if (s.value() == null) {
            return false;
        }
        Glob pattern = s.pattern();
        if (op == Operator.CONTAINS) {
            for (byte[] value : values) {
                if (pattern.matches(value, budget)) {
                    return true;
                }
            }
            return false;
        }
        if (values.isEmpty()) {
            return false;
        }
        boolean matches = pattern.matches(values.get(0), budget);
        return op == Operator.EQUALS ? matches : !matches;
    }

    private static boolean currentVms(Comparison c, ObjectDocument doc, WorkBudget budget) throws Unevaluable {
        if (c.literal() instanceof Expression.StringLiteral s) {
            // oned looks for a VM whose id equals an empty string, finds none, and assigns -1 to the
            // std::string: one char, the byte 0xFF; the pattern is matched against that
            return bytes(c.operator(), s, List.of(new byte[] {(byte) 0xFF}), budget);
        }
        if (!(c.literal() instanceof Expression.IntegerLiteral n)
                || c.operator() != Operator.EQUALS && c.operator() != Operator.NOT_EQUALS) {
            throw new Unevaluable("CURRENT_VMS compared with " + c.operator().symbol
                    + " or a decimal: oned compares an uninitialised value");
        }
        boolean present = false;
        List<String> ids = doc.currentVms();
        budget.charge(ids.size());
        for (String id : ids) {
            Integer vm = CxxNumbers.parseInt(id);
            if (vm != null && vm == n.value()) {
                present = true;
                break;
            }
        }
        int value = present ? n.value() : -1;
        return c.operator() == Operator.EQUALS ? value == n.value() : value != n.value();
    }
}
