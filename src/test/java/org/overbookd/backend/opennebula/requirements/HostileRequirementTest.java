package org.overbookd.backend.opennebula.requirements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Any VM owner writes SCHED_REQUIREMENTS: an expression built to exhaust the stack, the heap or the
 * CPU must end in a verdict (unsupported, or unevaluable within the budget), never an exception out
 * of the evaluator nor unbounded work. The work is asserted in budget units, not in time.
 */
class HostileRequirementTest {

    private static final ObjectDocument HOST = Documents.host("<HOST><ID>1</ID><NAME>host1</NAME><TEMPLATE>" + "<LONG>"
            + "a".repeat(100_000) + "</LONG></TEMPLATE></HOST>");

    @Test
    void deepNestingIsUnsupportedWithoutExhaustingTheStack() {
        String parens = "(".repeat(10_000) + "ID = 1" + ")".repeat(10_000);
        Requirement r = Requirement.of(parens);
        assertEquals(Requirement.Kind.UNSUPPORTED, r.kind());
        assertTrue(r.problem().contains("deeper than " + ExpressionParser.MAX_DEPTH), r.problem());
        assertEquals(
                Requirement.Kind.UNSUPPORTED,
                Requirement.of("!".repeat(30_000) + "ID = 1").kind(),
                "too long");
        assertEquals(
                Requirement.Kind.UNSUPPORTED,
                Requirement.of("!".repeat(20_000) + "ID = 1").kind(),
                "too deep");
        // just under the bound it parses and evaluates
        int depth = ExpressionParser.MAX_DEPTH - 1;
        assertEquals(
                Requirement.Kind.VALID,
                Requirement.of("(".repeat(depth) + "ID = 1" + ")".repeat(depth)).kind());
    }

    @Test
    void anExpressionOverTheLengthBoundIsNotEvenRead() {
        Requirement r = Requirement.of("ID = 1 | ".repeat(10_000) + "ID = 2");
        assertEquals(Requirement.Kind.UNSUPPORTED, r.kind());
        assertTrue(r.problem().contains("more than the " + ExpressionParser.MAX_LENGTH), r.problem());
        assertEquals(
                Requirement.Kind.UNSUPPORTED,
                Requirement.of("x".repeat(5_000_000)).kind());
    }

    @Test
    void aLongFlatChainEvaluatesWithoutRecursion() throws Exception {
        String chain = "ID = 2 | ".repeat(3_000) + "ID = 1";
        assertTrue(chain.length() < ExpressionParser.MAX_LENGTH);
        assertTrue(Documents.holds(chain, HOST));
        assertFalse(Documents.holds("ID = 2 & ".repeat(3_000) + "ID = 1", HOST));
    }

    @Test
    void aQuadraticWildcardEndsWithinTheBudget() throws Exception {
        // a*a*a*...b, the killer of recursive matchers, is linear for a scan that backs up to the last star
        WorkBudget linear = new WorkBudget(WorkBudget.PER_OBSERVATION);
        assertFalse(Requirement.of("LONG = \"" + "*a".repeat(2_000) + "*b\"").matches(HOST, linear));
        // a long literal after one star is this scan's worst case, value x pattern steps: stopped by the budget
        String pattern = "*" + "a".repeat(5_000) + "b";
        Requirement r = Requirement.of("LONG = \"" + pattern + "\"");
        assertEquals(Requirement.Kind.VALID, r.kind());
        WorkBudget budget = new WorkBudget(WorkBudget.PER_OBSERVATION);
        Unevaluable over = assertThrows(Unevaluable.class, () -> r.matches(HOST, budget));
        assertTrue(over.getMessage().contains("more than " + WorkBudget.PER_EVALUATION), over.getMessage());
        // a short one is answered exactly, within a few steps per byte
        WorkBudget small = new WorkBudget(WorkBudget.PER_OBSERVATION);
        assertFalse(Requirement.of("NAME = \"*o*o*o*x\"").matches(HOST, small));
    }

    @Test
    void theObservationsBudgetRunsOutAcrossEvaluations() throws Exception {
        Requirement r = Requirement.of("LONG = \"*b\"");
        WorkBudget budget = new WorkBudget(250_000);
        assertFalse(r.matches(HOST, budget), "100,000 steps: within both allowances");
        assertFalse(r.matches(HOST, budget));
        Unevaluable spent = assertThrows(Unevaluable.class, () -> r.matches(HOST, budget));
        assertTrue(spent.getMessage().contains("cycle's budget"), spent.getMessage());
        assertTrue(budget.spent());
    }

    @Test
    void aHugeDocumentIsUnevaluableRatherThanKept() {
        ObjectDocument.Builder b = ObjectDocument.builder("HOST", ObjectDocument.HOST_PATHS, true);
        b.open("TEMPLATE");
        for (int i = 0; i <= ObjectDocument.MAX_ELEMENTS; i++) {
            b.open("A");
            b.text("1");
            b.close();
        }
        ObjectDocument big = b.close().build();
        Unevaluable e = assertThrows(Unevaluable.class, () -> Documents.holds("A = 1", big));
        assertTrue(e.getMessage().contains("more than " + ObjectDocument.MAX_ELEMENTS), e.getMessage());
        ObjectDocument.Builder deep = ObjectDocument.builder("HOST", ObjectDocument.HOST_PATHS, true);
        for (int i = 0; i < ObjectDocument.MAX_DEPTH + 5; i++) {
            deep.open("D");
        }
        assertThrows(Unevaluable.class, () -> Documents.holds("ID = 1", deep.build()));
    }

    @Test
    void garbageBytesEndInAVerdict() {
        java.util.Random random = new java.util.Random(30);
        String alphabet = "()!&|=<>@\"*?[]\\-.0123456789 IDNAME_x\n\t\u00e9";
        for (int n = 0; n < 5_000; n++) {
            StringBuilder s = new StringBuilder();
            for (int i = random.nextInt(60); i > 0; i--) {
                s.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            Requirement r = Requirement.of(s.toString());
            if (r.kind() == Requirement.Kind.VALID) {
                try {
                    r.matches(HOST, new WorkBudget(WorkBudget.PER_OBSERVATION));
                } catch (Unevaluable e) {
                    // a verdict too
                }
            } else {
                assertTrue(r.problem() != null && !r.problem().isEmpty(), s.toString());
            }
        }
    }
}
