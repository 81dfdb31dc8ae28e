package org.overbookd.backend.opennebula.requirements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.backend.opennebula.requirements.Documents.holds;

import org.junit.jupiter.api.Test;

/**
 * oned 7.4's requirement language (expr_parser.l, expr_bool.y, ObjectXML::search) on hand-made
 * host documents. Each case states oned's answer as its source gives it; the differential suite
 * against the real oned (RequirementsAgainstOnedIT) checks the same on oned itself.
 */
class RequirementTest {

    /** host 1, cluster 0 "default": a template with a NAME of its own and a repeated attribute. */
    private static final Documents.Sample HOST1 = Documents.hostSample(
            "<HOST><ID>1</ID><NAME>host1</NAME><STATE>2</STATE>"
                    + "<CLUSTER_ID>0</CLUSTER_ID><CLUSTER>default</CLUSTER>"
                    + "<HOST_SHARE><TOTAL_CPU>800</TOTAL_CPU><DATASTORES><DS><ID>0</ID><FREE_MB>10</FREE_MB></DS></DATASTORES>"
                    + "</HOST_SHARE><VMS><ID>5</ID><ID>7</ID></VMS>"
                    + "<TEMPLATE><NAME><![CDATA[tmplname]]></NAME><GPU><![CDATA[YES]]></GPU><FOO>12abc</FOO>"
                    + "<MULTI>x</MULTI><MULTI>7</MULTI><RATIO>3.5</RATIO><BIG>1e3</BIG><BAD>1e</BAD><SPACED> 42</SPACED>"
                    + "<HYPERVISOR>dummy</HYPERVISOR><KVM_CPU_FEATURES>sse,avx2,aes</KVM_CPU_FEATURES>"
                    + "<PAIR><A>1</A><B>2</B></PAIR></TEMPLATE>"
                    + "<MONITORING><CAPACITY><FREE_CPU>650</FREE_CPU></CAPACITY></MONITORING></HOST>",
            "<TEMPLATE><RACK>clusterrack</RACK><ZONE>blue</ZONE><GPU>NO</GPU></TEMPLATE>");

    @Test
    void theEmptyExpressionAndBlanksMatchEverything() throws Exception {
        assertTrue(Requirement.of("").always());
        assertTrue(holds("   \t ", HOST1));
        assertTrue(holds("\n", HOST1), "a new line is no token: flex's default rule skips it");
    }

    @Test
    void operatorsShareOnePrecedenceAndFoldFromTheLeft() throws Exception {
        // (ID = 1 | ID = 2) & ID = 3: false on host 1, where the usual precedence would say true
        assertFalse(holds("ID = 1 | ID = 2 & ID = 3", HOST1));
        assertTrue(holds("ID = 1 | (ID = 2 & ID = 3)", HOST1));
        // ! takes only the comparison after it
        assertTrue(holds("!ID = 2 & ID = 1", HOST1));
        assertFalse(holds("!(ID = 2 | ID = 1)", HOST1));
        assertTrue(holds("!!ID = 1", HOST1));
        assertTrue(holds("ID = 2 & ID = 3 | ID = 1", HOST1));
    }

    @Test
    void theOperatorsOfTwoCharactersMayBeSpelledApart() throws Exception {
        assertTrue(holds("ID ! = 2", HOST1));
        assertTrue(holds("VMS/ID @ > 7".replace("VMS/ID", "\"VMS/ID\""), HOST1));
    }

    @Test
    void aMissingAttributeMakesEveryComparisonFalseEvenNotEquals() throws Exception {
        assertFalse(holds("NOPE = 1", HOST1));
        assertFalse(holds("NOPE != 1", HOST1));
        assertFalse(holds("NOPE != \"x\"", HOST1));
        assertFalse(holds("NOPE @> 1", HOST1));
        assertTrue(holds("!(NOPE = 1)", HOST1));
    }

    @Test
    void namesAndValuesAreCaseSensitive() throws Exception {
        assertFalse(holds("id = 1", HOST1));
        assertTrue(holds("GPU = YES", HOST1));
        assertFalse(holds("GPU = yes", HOST1));
    }

    @Test
    void theHostsOwnElementsComeBeforeItsTemplateAndTheTemplateBeforeTheClusters() throws Exception {
        assertTrue(holds("NAME = \"host1\"", HOST1), "/HOST/NAME precedes /HOST/TEMPLATE/NAME in document order");
        assertFalse(holds("NAME = tmplname", HOST1));
        assertTrue(holds("NAME @> tmplname", HOST1), "@> looks at every element found");
        assertTrue(holds("GPU = YES", HOST1), "the host's template before its cluster's");
        assertTrue(holds("RACK = clusterrack & ZONE = blue", HOST1), "the cluster's template when the host has none");
        assertTrue(holds("CLUSTER = \"default\" & CLUSTER_ID = 0", HOST1));
        assertTrue(holds("TOTAL_CPU = 800 & FREE_CPU > 600", HOST1), "HOST_SHARE and MONITORING/CAPACITY are searched");
        assertFalse(
                holds("FREE_MB = 10", HOST1), "HOST_SHARE/DATASTORES/DS/FREE_MB is under no search path, but DS is");
        assertTrue(holds("DS = 10", HOST1), "DS's value is all its text: \"0\" then \"10\"");
    }

    @Test
    void quotedNamesArePathsUnderEachSearchPathOrAbsolute() throws Exception {
        assertTrue(holds("\"HOST_SHARE/TOTAL_CPU\" = 800", HOST1));
        assertTrue(holds("\"/HOST/TEMPLATE/HYPERVISOR\" = dummy", HOST1));
        assertFalse(holds("\"/DATASTORE/TEMPLATE/HYPERVISOR\" = dummy", HOST1));
        assertTrue(holds("\"DATASTORES/DS/ID\" @> 0", HOST1));
        assertTrue(holds("PAIR = \"12\"", HOST1), "an element's value is all the text inside it");
    }

    @Test
    void numbersAreReadAsCxxStreamsReadThem() throws Exception {
        assertTrue(holds("FOO = 12", HOST1), "\"12abc\" reads as 12");
        assertTrue(holds("FOO = \"12abc\"", HOST1));
        assertTrue(holds("SPACED = 42", HOST1), "leading space is skipped");
        assertTrue(holds("RATIO = 3", HOST1), "\"3.5\" read as an int is 3");
        assertTrue(holds("RATIO = 3.5 & RATIO > 3.4 & RATIO < 3.6", HOST1));
        assertTrue(holds("BIG > 999.5", HOST1));
        assertFalse(holds("BAD > 0.5", HOST1), "\"1e\": strtof does not take it all");
        assertTrue(holds("BAD = 1", HOST1), "as an int, \"1e\" is 1");
        // the first element that converts counts: MULTI is "x" then "7"
        assertTrue(holds("MULTI = 7", HOST1));
        assertTrue(holds("MULTI = x", HOST1));
        assertFalse(holds("MULTI = \"7\"", HOST1));
        assertTrue(holds("MULTI @> \"7\" & MULTI @> 7 & MULTI @> 7.0", HOST1));
        assertTrue(holds("ID = 1.0", HOST1));
        assertTrue(holds("ID > -1 & ID < 2", HOST1));
    }

    @Test
    void integerLiteralsAreCsAtoi() {
        assertEquals(-1, ExpressionLexer.atoi("9223372036854775807"));
        assertEquals(
                -1, ExpressionLexer.atoi("99999999999999999999"), "strtol saturates at LONG_MAX, whose low half is -1");
        assertEquals(1215752191, ExpressionLexer.atoi("99999999999"));
        assertEquals(0, ExpressionLexer.atoi("-99999999999999999999"));
        assertEquals(-42, ExpressionLexer.atoi("-42"));
    }

    @Test
    void stringsCompareAsFnmatchPatterns() throws Exception {
        assertTrue(holds("NAME = \"host*\"", HOST1));
        assertTrue(holds("NAME = \"h?st1\"", HOST1));
        assertTrue(holds("NAME = \"[a-h]ost[0-9]\"", HOST1));
        assertFalse(holds("NAME = \"[!a-h]*\"", HOST1));
        assertTrue(holds("NAME = \"[^a-g]*\"", HOST1));
        assertTrue(holds("NAME = \"[[:alpha:]]*[[:digit:]]\"", HOST1));
        assertTrue(holds("KVM_CPU_FEATURES = \"*avx2*\"", HOST1));
        assertFalse(holds("KVM_CPU_FEATURES = \"*avx512*\"", HOST1));
        assertFalse(holds("NAME = \"host\"", HOST1), "a pattern matches the whole value");
        assertTrue(holds("NAME != \"node*\"", HOST1));
        assertFalse(holds("NAME = \"host1\\\"", HOST1), "a lone backslash at the end matches nothing");
        assertTrue(holds("NAME = \"\\h\\o*\"", HOST1), "a backslash makes the next character literal");
    }

    @Test
    void anEmptyQuotedStringMatchesNothing() throws Exception {
        assertFalse(holds("NAME = \"\"", HOST1));
        assertFalse(holds("NAME != \"\"", HOST1));
        assertFalse(holds("NAME @> \"\"", HOST1));
    }

    @Test
    void currentVmsFollowsOnedsQuirks() throws Exception {
        assertTrue(holds("CURRENT_VMS = 5", HOST1));
        assertFalse(holds("CURRENT_VMS = 6", HOST1));
        assertTrue(holds("CURRENT_VMS = -1", HOST1), "oned sets -1 when not found: = -1 always holds");
        assertTrue(holds("CURRENT_VMS != 6", HOST1));
        assertFalse(holds("CURRENT_VMS != 5", HOST1));
        assertFalse(holds("CURRENT_VMS != -1", HOST1));
        // compared with text it reads the one byte 0xFF (oned assigns -1 to a std::string): seen on the real oned
        assertFalse(holds("CURRENT_VMS = \"-1\"", HOST1));
        assertFalse(holds("CURRENT_VMS = \"5\"", HOST1));
        assertTrue(holds("CURRENT_VMS = \"*\" & CURRENT_VMS = \"?\" & CURRENT_VMS != \"-1\"", HOST1));
        assertFalse(holds("CURRENT_VMS = \"??\"", HOST1));
        assertFalse(holds("CURRENT_VMS @> 5", HOST1), "@> is a plain look-up of an attribute CURRENT_VMS");
        Unevaluable undefined = assertThrows(Unevaluable.class, () -> holds("CURRENT_VMS > 3", HOST1));
        assertTrue(undefined.getMessage().contains("uninitialised"), undefined.getMessage());
        assertThrows(Unevaluable.class, () -> holds("CURRENT_VMS = 5.0", HOST1));
        ObjectDocument ds = Documents.datastore(
                "<DATASTORE><ID>0</ID><TEMPLATE><CURRENT_VMS>9</CURRENT_VMS></TEMPLATE>" + "</DATASTORE>");
        assertTrue(holds("CURRENT_VMS > 3", ds), "only a host has the pseudo-attribute");
    }

    @Test
    void theLexerSkipsWhatNoRuleMatches() throws Exception {
        assertTrue(holds("ID = 1.", HOST1), "\"1.\" is the INTEGER 1 and a skipped dot");
        assertTrue(holds("NAME = \"host1", HOST1), "a lone quote is skipped, and host1 read as a name");
        assertTrue(holds("ID\n=\n1", HOST1));
        assertTrue(holds("ID = 1 \u00e9", HOST1), "a byte outside ASCII is skipped");
        assertTrue(holds("_ID = 1", HOST1), "an underscore cannot start a name: it is skipped");
        assertTrue(holds("ID = 1\0 garbage (", HOST1), "oned reads a C string: nothing after NUL");
    }

    @Test
    void whatDoesNotParseIsInvalid() {
        for (String bad : new String[] {
            "ID =",
            "ID = 1 )",
            "( ID = 1",
            "ID > \"x\"",
            "ID ! 3",
            "ID = 1 2",
            "*",
            "ID = -",
            "ID = 1 & ",
            "()",
            "ID",
            "1 = ID",
            "ID = 1.5.3",
            "ID @ 1",
            "\"\"",
            "ID = 1 | | ID = 2"
        }) {
            Requirement r = Requirement.of(bad);
            assertEquals(Requirement.Kind.INVALID, r.kind(), bad);
            assertTrue(r.problem().startsWith("syntax error"), r.problem());
        }
    }

    @Test
    void whatOverbookdDoesNotEvaluateIsUnsupported() {
        for (String expression : new String[] {
            "\"count(//ID)\" > 0",
            "\"\" = 1",
            "NAME = \"[[:foo:]]\"",
            "NAME = \"[[.a.]]\"",
            "NAME = \"[[=a=]]\"",
            "NAME = \"[abc\"",
            "\"TEMPLATE//X\" = 1",
            "\"HOST_SHARE/*\" @> 1",
            "\"../ID\" = 1"
        }) {
            assertEquals(
                    Requirement.Kind.UNSUPPORTED, Requirement.of(expression).kind(), expression);
        }
        // invalid wins: oned would not read it either
        assertEquals(
                Requirement.Kind.INVALID,
                Requirement.of("\"count(//ID)\" > 0 &").kind());
    }

    @Test
    void combinedJoinsAsOnedDoes() {
        assertEquals("A = 1 & ( B = 2 )", Requirement.combined("A = 1", "B = 2"));
        assertEquals("A = 1", Requirement.combined("A = 1", null));
        assertEquals("B = 2", Requirement.combined(null, "B = 2"));
        assertEquals("", Requirement.combined("", ""));
        // blanks alone are no requirement, but joined they are an empty parenthesis
        assertEquals(
                Requirement.Kind.VALID,
                Requirement.of(Requirement.combined(null, "  ")).kind());
        assertEquals(
                Requirement.Kind.INVALID,
                Requirement.of(Requirement.combined("A = 1", "  ")).kind());
        // a user's unbalanced parenthesis is read inside oned's
        assertEquals(
                Requirement.Kind.VALID,
                Requirement.of(Requirement.combined("A = 1", "ID = 1 ) | ( ID = 2"))
                        .kind());
    }

    @Test
    void datastoresSearchTheirTemplateThenThemselves() throws Exception {
        ObjectDocument ds = Documents.datastore("<DATASTORE><ID>100</ID><NAME>sys-alpha</NAME><TYPE>1</TYPE>"
                + "<TEMPLATE><SHARED>NO</SHARED><NAME>tmpl</NAME></TEMPLATE></DATASTORE>");
        assertTrue(holds("NAME = \"sys-*\" & ID = 100 & SHARED = NO", ds));
        assertFalse(holds("TOTAL_CPU > 0", ds));
    }
}
