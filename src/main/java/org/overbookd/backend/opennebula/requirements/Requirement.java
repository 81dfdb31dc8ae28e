package org.overbookd.backend.opennebula.requirements;

import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * One requirement expression as oned reads it: valid (it can be evaluated on an object), invalid
 * (it does not parse: oned logs "Error in SCHED_REQUIREMENTS" and the VM matches no host), or
 * unsupported (oned would read it, overbookd does not evaluate it exactly as oned would: the VM
 * matches no host for overbookd, which is the safe side). Immutable; one is made per distinct
 * expression and shared by the VMs that carry it.
 */
public final class Requirement {

    /** What {@link #of} made of an expression. */
    public enum Kind {
        VALID,
        INVALID,
        UNSUPPORTED
    }

    /** The empty expression: every object matches it. */
    public static final Requirement NONE = new Requirement("", Kind.VALID, new Expression.Always(), null);

    private final String text;
    private final Kind kind;
    private final Expression tree;
    private final String problem;

    private Requirement(String text, Kind kind, Expression tree, String problem) {
        this.text = text;
        this.kind = kind;
        this.tree = tree;
        this.problem = problem;
    }

    static Requirement valid(String text, Expression tree) {
        return new Requirement(text, Kind.VALID, tree, null);
    }

    static Requirement invalid(String text, String problem) {
        return new Requirement(text, Kind.INVALID, null, problem);
    }

    static Requirement unsupported(String text, String problem) {
        return new Requirement(text, Kind.UNSUPPORTED, null, problem);
    }

    /** Reads {@code expression}, bounded in length and nesting; never throws. */
    public static Requirement of(String expression) {
        Objects.requireNonNull(expression, "expression");
        return expression.isEmpty() ? NONE : ExpressionParser.parse(expression);
    }

    /**
     * The one expression oned evaluates for a VM ({@code build_requirements} of
     * SchedulerManagerDriver.cc): the automatic one alone, the user's alone, or
     * {@code AUTOMATIC & ( USER )}, joined as text (so a user's unbalanced parenthesis is read as
     * oned reads it). Null stands for an attribute the VM does not have.
     */
    public static String combined(String automatic, String user) {
        String a = automatic == null ? "" : automatic;
        String u = user == null ? "" : user;
        if (u.isEmpty()) {
            return a;
        }
        return a.isEmpty() ? u : a + " & ( " + u + " )";
    }

    public Kind kind() {
        return kind;
    }

    /** The expression as written. */
    public String text() {
        return text;
    }

    /** Why it is invalid or unsupported; null when valid. */
    public String problem() {
        return problem;
    }

    /** The attribute names its comparisons look up; empty unless valid. */
    public Set<String> names() {
        Set<String> names = new TreeSet<>();
        if (tree != null) {
            collect(tree, names);
        }
        return names;
    }

    private static void collect(Expression e, Set<String> names) {
        if (e instanceof Expression.Comparison c) {
            names.add(c.attribute());
        } else if (e instanceof Expression.Not not) {
            collect(not.operand(), names);
        } else if (e instanceof Expression.Chain chain) {
            collect(chain.first(), names);
            chain.rest().forEach(r -> collect(r, names));
        }
    }

    /** True when it is empty: it matches every object without looking. */
    public boolean always() {
        return tree instanceof Expression.Always;
    }

    /**
     * Whether {@code object} matches, within {@code budget}.
     *
     * @throws Unevaluable when it cannot be told as oned would (budget, document size, an undefined
     *                     comparison)
     * @throws IllegalStateException when the expression is not valid: ask {@link #kind} first
     */
    public boolean matches(ObjectDocument object, WorkBudget budget) throws Unevaluable {
        if (kind != Kind.VALID) {
            throw new IllegalStateException("a " + kind + " requirement matches nothing: " + problem);
        }
        budget.startEvaluation();
        return Evaluation.of(tree, object, budget);
    }

    /** At most 80 characters of {@code text}, for a message that quotes it. */
    static String excerpt(String text) {
        return text.length() <= 80 ? text : text.substring(0, 80) + "...";
    }

    @Override
    public String toString() {
        return kind == Kind.VALID
                ? "requirement \"" + excerpt(text) + "\""
                : kind.name().toLowerCase(java.util.Locale.ROOT) + " requirement \"" + excerpt(text) + "\": " + problem;
    }
}
