/**
 * OpenNebula's requirement expressions ({@code SCHED_REQUIREMENTS}, {@code AUTOMATIC_REQUIREMENTS}
 * and their datastore twins), read and evaluated as oned 7.4 does: the lexer and grammar of its
 * {@code expr_parser.l} and {@code expr_bool.y} (Requirement, ExpressionLexer, ExpressionParser,
 * Expression), its attribute look-up over an object's XML (ObjectDocument), the C++ conversions of
 * a value to a number (CxxNumbers), fnmatch's wildcards (Glob), and the bound on the work one
 * observation may spend on them (WorkBudget). An expression is written by any VM owner, so it is
 * hostile input: its length, nesting and evaluation work are bounded, and what overbookd cannot
 * evaluate exactly as oned would is reported as unsupported rather than guessed.
 *
 * <p>Layer 5, backend (see ArchitectureTest): imports nothing of overbookd but sorted (a union of
 * ascending element numbers).
 */
package org.overbookd.backend.opennebula.requirements;
