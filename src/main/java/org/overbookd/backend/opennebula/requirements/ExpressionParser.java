package org.overbookd.backend.opennebula.requirements;

import java.util.ArrayList;
import java.util.List;
import org.overbookd.backend.opennebula.requirements.ExpressionLexer.Kind;
import org.overbookd.backend.opennebula.requirements.ExpressionLexer.Token;

/**
 * oned's {@code expr_bool.y} as a recursive descent over {@link ExpressionLexer}'s tokens: the same
 * language and the same trees (see {@link Expression}), its comparisons being
 * <pre>
 *   STRING =  INTEGER | FLOAT | STRING        STRING >  INTEGER | FLOAT
 *   STRING != INTEGER | FLOAT | STRING        STRING <  INTEGER | FLOAT
 *   STRING @> INTEGER | FLOAT | STRING
 * </pre>
 * ({@code !=} and {@code @>} are two tokens each, so {@code ID ! = 3} is one too). An expression
 * that does not parse matches no object, as oned's evaluation fails on it for every host.
 *
 * <p>Bounded: an expression longer than {@link #MAX_LENGTH} characters is not read, and one nested
 * deeper than {@link #MAX_DEPTH} parentheses and negations is not read further; both are
 * unsupported rather than invalid, since oned would read them.
 */
final class ExpressionParser {

    /** Characters of the whole expression (AUTOMATIC_REQUIREMENTS and SCHED_REQUIREMENTS together). */
    static final int MAX_LENGTH = 32 * 1024;
    /** Parentheses and negations inside one another. */
    static final int MAX_DEPTH = 100;

    private final List<Token> tokens;
    private int next;
    /** The first comparison overbookd does not evaluate, if any: decided once the whole expression parsed. */
    private String unsupported;

    private ExpressionParser(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** Syntax errors and excessive nesting stop the descent. */
    private static final class Stop extends Exception {
        private static final long serialVersionUID = 1L;

        final boolean unsupported;

        Stop(String message, boolean unsupported) {
            super(message, null, false, false);
            this.unsupported = unsupported;
        }
    }

    static Requirement parse(String expression) {
        if (expression.length() > MAX_LENGTH) {
            return Requirement.unsupported(
                    expression,
                    "it is " + expression.length() + " characters long, more than the " + MAX_LENGTH
                            + " overbookd reads");
        }
        List<Token> tokens = ExpressionLexer.tokens(expression);
        if (tokens.size() == 1) {
            return Requirement.valid(expression, new Expression.Always());
        }
        ExpressionParser parser = new ExpressionParser(tokens);
        try {
            Expression tree = parser.expression(0);
            Token after = parser.peek();
            if (after.kind() != Kind.END) {
                throw parser.syntax(after);
            }
            if (parser.unsupported != null) {
                return Requirement.unsupported(expression, parser.unsupported);
            }
            return Requirement.valid(expression, tree);
        } catch (Stop stop) {
            return stop.unsupported
                    ? Requirement.unsupported(expression, stop.getMessage())
                    : Requirement.invalid(expression, stop.getMessage());
        }
    }

    private Expression expression(int depth) throws Stop {
        Expression first = unary(depth);
        List<Character> operators = null;
        List<Expression> rest = null;
        while (peek().is('&') || peek().is('|')) {
            if (operators == null) {
                operators = new ArrayList<>();
                rest = new ArrayList<>();
            }
            operators.add(take().text().charAt(0));
            rest.add(unary(depth));
        }
        return operators == null ? first : new Expression.Chain(first, operators, rest);
    }

    private Expression unary(int depth) throws Stop {
        if (depth >= MAX_DEPTH) {
            throw new Stop("it nests parentheses and negations deeper than " + MAX_DEPTH, true);
        }
        if (peek().is('!')) {
            take();
            return new Expression.Not(unary(depth + 1));
        }
        if (peek().is('(')) {
            take();
            Expression inside = expression(depth + 1);
            if (!peek().is(')')) {
                throw syntax(peek());
            }
            take();
            return inside;
        }
        if (peek().kind() == Kind.STRING) {
            return comparison(take());
        }
        throw syntax(peek());
    }

    private Expression comparison(Token attribute) throws Stop {
        Expression.Operator operator = operator();
        Token value = take();
        Expression.Literal literal = switch (value.kind()) {
            case INTEGER -> new Expression.IntegerLiteral(value.integer());
            case FLOAT -> new Expression.FloatLiteral(value.real());
            case STRING -> {
                if (operator == Expression.Operator.GREATER || operator == Expression.Operator.LESS) {
                    throw syntax(value);
                }
                yield new Expression.StringLiteral(
                        value.text(), value.text() == null ? null : Glob.compile(value.text()));
            }
            default -> throw syntax(value);
        };
        String name = attribute.text();
        if (unsupported == null) {
            unsupported = unsupported(name, literal);
        }
        return new Expression.Comparison(name, operator, literal);
    }

    private Expression.Operator operator() throws Stop {
        Token t = take();
        if (t.is('=')) {
            return Expression.Operator.EQUALS;
        }
        if (t.is('>')) {
            return Expression.Operator.GREATER;
        }
        if (t.is('<')) {
            return Expression.Operator.LESS;
        }
        if (t.is('!') && peek().is('=')) {
            take();
            return Expression.Operator.NOT_EQUALS;
        }
        if (t.is('@') && peek().is('>')) {
            take();
            return Expression.Operator.CONTAINS;
        }
        throw syntax(t.is('!') || t.is('@') ? peek() : t);
    }

    /** Why overbookd does not evaluate this comparison, or null. */
    private static String unsupported(String name, Expression.Literal literal) {
        if (name == null) {
            return "an attribute is named \"\" (oned has no defined answer for it)";
        }
        if (!ObjectDocument.plainName(name)) {
            return "attribute \"" + Requirement.excerpt(name) + "\" is an XPath expression, not a plain element path";
        }
        if (literal instanceof Expression.StringLiteral s && s.value() != null && s.pattern() == null) {
            return "pattern \"" + Requirement.excerpt(s.value())
                    + "\" uses a collating element or an equivalence class";
        }
        return null;
    }

    private Token peek() {
        return tokens.get(next);
    }

    private Token take() {
        Token t = tokens.get(next);
        if (t.kind() != Kind.END) {
            next++;
        }
        return t;
    }

    private Stop syntax(Token unexpected) {
        return new Stop(
                "syntax error, unexpected " + unexpected.describe() + " at column " + unexpected.column(), false);
    }
}
