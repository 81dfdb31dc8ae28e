package org.overbookd.backend.opennebula.requirements;

import java.util.List;

/**
 * A parsed requirement expression: the tree oned's {@code expr_bool.y} builds as it reduces. Its
 * three operators {@code !}, {@code &} and {@code |} share one precedence and associate to the
 * left, so {@code a | b & c} is {@code (a | b) & c}, and {@code !} takes only the comparison or
 * parenthesis right after it. A run of {@code &} and {@code |} is one {@link Chain}, folded from the
 * left, so that a long flat expression costs no stack.
 */
sealed interface Expression {

    /** The empty expression (oned: "TRUE BY DEFAULT, ON EMPTY STRINGS"). */
    record Always() implements Expression {}

    record Not(Expression operand) implements Expression {}

    /** {@code first op[0] rest[0] op[1] rest[1] ...}, folded from the left. */
    record Chain(Expression first, List<Character> operators, List<Expression> rest) implements Expression {
        public Chain {
            operators = List.copyOf(operators);
            rest = List.copyOf(rest);
        }
    }

    /** What a comparison compares: the five operators of the grammar. */
    enum Operator {
        EQUALS("="),
        NOT_EQUALS("!="),
        GREATER(">"),
        LESS("<"),
        CONTAINS("@>");

        final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }
    }

    /** The right-hand side of a comparison, typed by its token. */
    sealed interface Literal {}

    record IntegerLiteral(int value) implements Literal {}

    record FloatLiteral(float value) implements Literal {}

    /**
     * {@code value} is null for {@code ""}, which matches nothing; {@code pattern} is it compiled,
     * null when null or when {@link Glob} does not read it (the comparison is then unsupported).
     */
    record StringLiteral(String value, Glob pattern) implements Literal {}

    /** {@code attribute operator literal}; the attribute is a name the look-up supports. */
    record Comparison(String attribute, Operator operator, Literal literal) implements Expression {}
}
