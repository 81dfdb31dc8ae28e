package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import javax.xml.stream.XMLStreamException;
import org.junit.jupiter.api.Test;

/**
 * {@link XmlScanner} against the JDK's StAX reader ({@link StaxWalker}, the walker as it was before):
 * on every document both accept, the visitor sees the same elements with the same text, so every
 * parser built on it reads the same records; every document StAX refuses, the scanner refuses too,
 * with a location. The same holds when the visitor declines elements (the scanner's skip path): what
 * it still reports matches StAX's, and a malformed skipped subtree is refused all the same.
 */
class XmlScannerTest {

    /** Documents in oned's shape plus everything XML lets a writer vary: all must read the same. */
    private static final List<String> WELL_FORMED = List.of(
            "<A/>",
            "<A></A>",
            "<A ></A >",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<A><B>1</B></A>\n",
            "<?xml version='1.0'?><!-- before --><?pi data?><A><!-- in -->t<?pi?>u</A><!-- after -->\n",
            "<A><B><![CDATA[ <not> &a tag; ]] ] ]]></B><C>a<![CDATA[b]]>c</C></A>",
            "<A>&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&#x1F600;&#10;</A>",
            "<A>line1\r\nline2\rline3\nline4<B><![CDATA[x\r\ny\rz]]></B>\r\n</A>",
            "<A b=\"1\" c='2' d = \"&amp;&#60;'\" e='\"'><B f=\"\"/></A>",
            "<HOST_POOL xmlns=\"http://opennebula.org/XMLSchema\"><HOST><ID>1</ID></HOST></HOST_POOL>",
            "<one:A xmlns:one=\"urn:x\"><one:B>v</one:B><C>w</C></one:A>",
            "<A><A><A>deep</A></A><A/></A>",
            "<A>text with > and ]] and ] and 'quotes' \"too\"</A>",
            "<A>caf\u00e9 \u65e5\u672c \ud83d\ude00</A>",
            "<A>\t<B>  7  </B>\n  <C/>\n</A>",
            "<A_b-c.d\u00e9>x</A_b-c.d\u00e9>",
            "<A><B>1</B>between<C>2</C>tail</A>",
            // names that begin like another, and end tags compared in place: a longer or shorter one must not pass for
            // it
            "<R><A/><B>1</B><A/><BC>2</BC><A/><B>3</B><A/><B:C xmlns:B='u'>4</B:C><A/><B.C/><A/><B-/></R>");

    /** Each refused by StAX; the scanner must refuse them as well. */
    private static final List<String> MALFORMED = List.of(
            "",
            "   ",
            "text",
            "<A>",
            "<A><B></A>",
            "<A></B>",
            "<A></A><B/>",
            "<A/>tail",
            "lead<A/>",
            "</A>",
            "<A><B>1</B",
            "<A><B>1</B></A",
            "<A b=1/>",
            "<A b=\"1/>",
            "<A b=\"<\"/>",
            "<A b\"1\"/>",
            "<A bc=\"1\"d=\"2\"/>",
            "<A>&unknown;</A>",
            "<A>&amp</A>",
            "<A>a & b</A>",
            "<A>&#0;</A>",
            "<A>&#xD800;</A>",
            "<A>&#xZZ;</A>",
            "<A>&#-5;</A>",
            "<A>\u0001</A>",
            "<A>\uFFFF</A>",
            "<A><![CDATA[x</A>",
            "<A><![CDATA[\u0002]]></A>",
            "<A>]]></A>",
            "<A><!-- a -- b --></A>",
            "<A><!-- open</A>",
            "<A><!foo></A>",
            "<A><?xml version=\"1.0\"?></A>",
            "<A><? unterminated</A>",
            "<1A/>",
            "< A/>",
            "<A/ >",
            "<A><B/ ></A>",
            "<!DOCTYPE A><A/>",
            "<A>&a;</A><!DOCTYPE A>",
            "\uFEFF<A>x</A>",
            "<A:/>",
            "<a:b:c/>",
            "<A>",
            "<A><B>",
            // namespaces: a prefix must be declared, by the element or one around it, and no name given twice
            "<x:A/>",
            "<A x:b='1'/>",
            "<A b='1' b='2'/>",
            "<A><x:B/></A>",
            "<A><B xmlns:b='u'/><b:C/></A>",
            "<A xmlns:x='u' xmlns:x='v'/>",
            "<A xmlns:x=''/>",
            "<xmlns:A/>",
            "<A xmlns:xmlns='u'/>",
            "<A xmlns:xml='u'/>",
            "<A a:='1'/>",
            "<A b='1' c='2' d='3' e='4' f='5' g='6' h='7' i='8' j='9' b='10'/>");

    @Test
    void wellFormedDocumentsReadTheSameAsWithStax() throws Exception {
        for (String document : WELL_FORMED) {
            assertEquals(stax(document), scanner(document), document);
        }
    }

    @Test
    void wellFormedDocumentsReadTheSameAsWithStaxWhenElementsAreDeclined() throws Exception {
        for (String document : WELL_FORMED) {
            assertEquals(stax(document, ODD_NAMES_BELOW_ROOT), scanner(document, ODD_NAMES_BELOW_ROOT), document);
        }
    }

    @Test
    void generatedPoolsReadTheSameAsWithStax() throws Exception {
        PoolGenerator pool = new PoolGenerator(60, 700, 11);
        List<String> documents = List.of(
                write(pool::writeHostPool),
                write(pool::writeHostMonitoring),
                write(pool::writeVmPool),
                write(pool::writeVmMonitoring));
        for (String document : documents) {
            List<String> expected = stax(document);
            assertTrue(expected.size() > 1000, "a document worth comparing");
            assertEquals(expected, scanner(document));
            List<String> declined = stax(document, ODD_NAMES_BELOW_ROOT);
            assertTrue(declined.size() > 100 && declined.size() < expected.size(), "elements declined, some kept");
            assertEquals(declined, scanner(document, ODD_NAMES_BELOW_ROOT));
        }
    }

    @Test
    void whatStaxRefusesTheScannerRefusesWithALocation() {
        for (String document : MALFORMED) {
            for (Predicate<ElementPath> declined : List.of(NOTHING, EVERYTHING, ODD_NAMES_BELOW_ROOT)) {
                assertThrows(
                        XMLStreamException.class, () -> stax(document, declined), () -> "StAX accepts " + document);
                XMLStreamException e = assertThrows(
                        XMLStreamException.class,
                        () -> scanner(document, declined),
                        () -> "the scanner accepts " + document);
                assertNotNull(e.getLocation(), document);
                assertTrue(e.getMessage().startsWith("ParseError at [row,col]:["), e.getMessage());
            }
        }
    }

    /**
     * The malformed documents again, each inside an element the visitor declines: wherever StAX refuses
     * the result, the skip path refuses it too, naming the skipped elements it is in.
     */
    @Test
    void malformedContentOfADeclinedElementIsRefused() throws Exception {
        int refused = 0;
        for (String document : MALFORMED) {
            String wrapped = "<R><SKIPPED>" + document + "</SKIPPED></R>";
            try {
                assertEquals(stax(wrapped, SKIPPED), scanner(wrapped, SKIPPED), wrapped);
                continue; // e.g. two elements or text, which is fine inside an element
            } catch (XMLStreamException e) {
                assertThrows(XMLStreamException.class, () -> stax(wrapped, SKIPPED), () -> "StAX accepts " + wrapped);
            }
            refused++;
            XMLStreamException e = assertThrows(
                    XMLStreamException.class, () -> scanner(wrapped, SKIPPED), () -> "the scanner accepts " + wrapped);
            assertNotNull(e.getLocation(), wrapped);
            // the name table's own refusal ("'A:' is no element name") carries the location only
            assertTrue(
                    e.getMessage().contains("in R/SKIPPED")
                            || e.getMessage().contains("closes no element")
                            || e.getMessage().contains("is no element name"),
                    e.getMessage());
        }
        assertTrue(refused > 30, refused + " of " + MALFORMED.size() + " still malformed inside an element");
    }

    /**
     * A thousand small damages to a real document (a character dropped, doubled or replaced by
     * markup, the end cut off): wherever StAX reads the result, the scanner reads the same; wherever
     * StAX refuses it, so does the scanner.
     */
    @Test
    void damagedDocumentsAreJudgedAsStaxJudgesThem() throws Exception {
        PoolGenerator pool = new PoolGenerator(2, 10, 5);
        // every other damage is judged with a visitor that declines half the elements: the skip path
        // must take the same decisions
        String vms = write(pool::writeVmPool).replace("generated VM 1<", "generated &amp; VM &#49;<");
        String hosts = write(pool::writeHostPool);
        SplittableRandom random = new SplittableRandom(20261124);
        int refused = 0;
        for (int i = 0; i < 1000; i++) {
            String original = i % 2 == 0 ? vms : hosts;
            int at = random.nextInt(original.length());
            String damaged = switch (random.nextInt(5)) {
                case 0 -> original.substring(0, at) + original.substring(at + 1);
                case 1 -> original.substring(0, at) + original.charAt(at) + original.substring(at);
                case 2 ->
                    original.substring(0, at) + "<>&]/!?\"'=".charAt(random.nextInt(10)) + original.substring(at + 1);
                case 3 -> original.substring(0, at);
                default -> original.substring(0, at) + (char) random.nextInt(0x20) + original.substring(at);
            };
            Predicate<ElementPath> declined = i % 4 < 2 ? NOTHING : ODD_NAMES_BELOW_ROOT;
            List<String> expected;
            try {
                expected = stax(damaged, declined);
            } catch (XMLStreamException e) {
                refused++;
                assertThrows(
                        XMLStreamException.class,
                        () -> scanner(damaged, declined),
                        () -> "the scanner accepts what StAX" + " refuses (" + e.getMessage() + "): "
                                + excerpt(damaged, at));
                continue;
            }
            try {
                assertEquals(expected, scanner(damaged, declined), () -> excerpt(damaged, at));
            } catch (XMLStreamException e) {
                fail("the scanner refuses what StAX reads: " + e.getMessage() + " " + excerpt(damaged, at));
            }
        }
        assertTrue(
                refused > 250 && refused < 975,
                "a mix of damages that break the document and some that do not: " + refused + " of 1000 refused");
    }

    @Test
    void errorsNameTheOpenElementsAndWhere() {
        XMLStreamException mismatch =
                assertThrows(XMLStreamException.class, () -> scanner("<HOST_POOL>\n<HOST>\n  <ID>1</NAME>"));
        assertTrue(
                mismatch.getMessage().contains("in HOST_POOL/HOST/ID: </NAME> does not close <ID>"),
                mismatch.getMessage());
        assertEquals(3, mismatch.getLocation().getLineNumber());
        assertEquals(14, mismatch.getLocation().getColumnNumber(), "where reading stopped: after NAME");
        XMLStreamException skipped = assertThrows(
                XMLStreamException.class, () -> scanner("<HOST_POOL>\n<HOST>\n  <SKIPPED><ID>1</NAME>", SKIPPED));
        assertTrue(
                skipped.getMessage().contains("in HOST_POOL/HOST/SKIPPED/ID: </NAME> does not close <ID>"),
                skipped.getMessage());
        assertEquals(3, skipped.getLocation().getLineNumber());
        assertEquals(23, skipped.getLocation().getColumnNumber());
        XMLStreamException doctype = assertThrows(XMLStreamException.class, () -> scanner("<!DOCTYPE x><x/>"));
        assertTrue(doctype.getMessage().contains("DOCTYPE"), doctype.getMessage());
    }

    /**
     * What may stand before and after the root element is read by loops of their own (not the one
     * inside it, so that the JIT's code for that one never meets depth 0): each refusal there says
     * what it found and where.
     */
    @Test
    void outsideTheRootElementEachRefusalSaysWhatAndWhere() {
        Map<String, String> refusals = new LinkedHashMap<>();
        refusals.put("  x<A/>", "1:4 text before the root element");
        refusals.put("<A/>\r\n y", "2:3 text after the root element");
        refusals.put("\r\n&amp;<A/>", "2:1 a reference outside the root element");
        refusals.put("<A/><B c='1'/>", "1:7 a second root element <B>");
        refusals.put("<A/>\n<a:b:c/>", "2:7 'a:b:c' is no element name");
        refusals.put("<?xml version='1.0'?>\n<!-- c -->\n", "3:1 the document has no root element");
        refusals.put("<![CDATA[x]]><A/>", "1:1 a CDATA section outside the root element");
        refusals.put("<A/><![CDATA[x]]>", "1:5 a CDATA section outside the root element");
        refusals.put("</A>", "1:4 </A> closes no element");
        refusals.put("<A/>\u0001", "1:5 character U+0001 is not allowed in XML");
        refusals.put("<A/>]]>", "1:7 ']]>' is not allowed in character data");
        refusals.forEach((document, expected) -> {
            XMLStreamException e = assertThrows(XMLStreamException.class, () -> scanner(document), document);
            assertEquals(
                    expected,
                    e.getLocation().getLineNumber() + ":" + e.getLocation().getColumnNumber() + " "
                            + e.getMessage()
                                    .replaceFirst("^ParseError at \\[row,col\\]:\\[\\d+,\\d+\\]\\nMessage: ", ""),
                    document);
        });
        // a reader that reads on after the root closed gets the same refusals, and false at the end
        for (String[] after :
                new String[][] {{"<A/> x", "text after the root element"}, {"<A/><B/>", "a second root element <B>"}}) {
            XMLStreamException e = assertThrows(
                    XMLStreamException.class,
                    () -> XmlScanner.read(after[0], in -> {
                        assertFalse(in.next());
                        return in.next();
                    }),
                    after[0]);
            assertTrue(e.getMessage().endsWith(after[1]), e.getMessage());
        }
        assertEquals(
                List.of(false, false),
                assertDoesNotThrow(() -> XmlScanner.read("<A><B/></A>\n<!-- end -->\n", in -> {
                    in.next();
                    in.skip();
                    return List.of(in.next(), in.next());
                })));
        // and what may stand there is read over: space with line ends of every kind, comments, PIs
        assertDoesNotThrow(() -> scanner("<?xml version='1.0'?>\r\n\t<!-- a --><?pi x?>\r<A/>\n<!-- b -->\r\n<?pi?> "));
    }

    /**
     * The contract's edges, each pinned: what the scanner refuses though StAX reads it (its limits, a
     * reserved prefix bound even to its own namespace), and what StAX refuses that the scanner does not
     * check (namespace names are not compared: it never resolves a prefix to its URI).
     */
    @Test
    void theContractsEdgesAreWhatTheClassDocSays() throws Exception {
        List<String> stricter = List.of(
                "<A xmlns:xml='http://www.w3.org/XML/1998/namespace'/>",
                "<A>" + "<B>".repeat(XmlScanner.MAX_DEPTH) + "</B>".repeat(XmlScanner.MAX_DEPTH) + "</A>",
                "<A" + attributes(XmlScanner.MAX_ATTRIBUTES + 1) + "/>",
                "<A" + prefixes(XmlScanner.MAX_PREFIXES + 1) + "/>");
        for (String document : stricter) {
            assertDoesNotThrow(() -> stax(document), document);
            assertThrows(XMLStreamException.class, () -> scanner(document), document);
        }
        for (String document : List.of(
                "<A>" + "<B>".repeat(XmlScanner.MAX_DEPTH - 1) + "</B>".repeat(XmlScanner.MAX_DEPTH - 1) + "</A>",
                "<A" + attributes(XmlScanner.MAX_ATTRIBUTES) + "/>",
                "<A" + prefixes(XmlScanner.MAX_PREFIXES) + "/>")) {
            assertEquals(stax(document), scanner(document), "at the limit, read as StAX reads it");
        }
        List<String> notChecked = List.of(
                "<A xmlns:x='u' xmlns:y='u' x:b='1' y:b='2'/>",
                "<A xmlns='http://www.w3.org/2000/xmlns/'/>",
                "<A xmlns:x='http://www.w3.org/XML/1998/namespace'/>");
        for (String document : notChecked) {
            assertThrows(XMLStreamException.class, () -> stax(document), document);
            assertDoesNotThrow(() -> scanner(document), document);
        }
    }

    private static String attributes(int count) {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < count; i++) {
            list.append(" a").append(i).append("='").append(i).append('\'');
        }
        return list.toString();
    }

    private static String prefixes(int count) {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < count; i++) {
            list.append(" xmlns:p").append(i).append("='u").append(i).append('\'');
        }
        return list.toString();
    }

    /**
     * The name table when every name it is asked for has one hash, whatever the multiplier: each lookup
     * probes at most {@link XmlScanner#MAX_PROBES} slots, and each name still reads as itself.
     */
    @Test
    void namesOfOneHashCostAtMostTheProbeBoundEach() throws Exception {
        List<String> names = HostileDocuments.collidingNames(1 << 14);
        String doc = String.join(" ", names);
        XmlScanner.Names table = new XmlScanner.Names();
        long lookups = 0;
        for (int round = 0; round < 2; round++) {
            int at = 0;
            for (String name : names) {
                XmlScanner.Name found = table.get(doc, at, at + name.length(), 42, -1, false);
                assertEquals(name, found.local);
                at += name.length() + 1;
                lookups++;
            }
        }
        assertTrue(
                table.probes <= XmlScanner.MAX_PROBES * lookups, table.probes + " probes for " + lookups + " lookups");
        assertTrue(table.probes >= lookups, "every lookup probes");

        XmlScanner.SharedValues values = new XmlScanner.SharedValues();
        for (String value : names) {
            assertEquals(value, values.get(value, 42));
            assertEquals(value, values.get(value, 42));
        }
        assertTrue(values.probes <= XmlScanner.MAX_PROBES * 2L * names.size(), values.probes + " probes");
        String first = values.get(new StringBuilder(names.get(0)), 42);
        assertTrue(first == values.get(names.get(0), 42), "a value that found its place is shared");
    }

    @Test
    void aParseStopsOnceTheDeadlineHasPassed() throws Exception {
        String document = "<R>" + "<A><B/></A>".repeat(5_000) + "</R>";
        assertEquals(10_000, XmlScanner.read(document, CallDeadline.NONE, XmlScannerTest::countElements));
        CallDeadline passed = CallDeadline.after(0);
        XMLStreamException late = assertThrows(
                CallDeadline.Passed.class, () -> XmlScanner.read(document, passed, XmlScannerTest::countElements));
        assertTrue(late.getMessage().contains("deadline passed during the parse"), late.getMessage());
    }

    private static int countElements(XmlScanner in) throws XMLStreamException {
        int open = 1;
        int elements = 0;
        while (open > 0) {
            if (in.next()) {
                open++;
                elements++;
            } else {
                open--;
            }
        }
        return elements;
    }

    @Test
    void aDocumentOfManyNamesStillReadsEveryOne() throws Exception {
        // more distinct names than the name table starts with: it must grow and keep them apart
        StringBuilder document = new StringBuilder("<R>");
        for (int i = 0; i < 1000; i++) {
            document.append("<N")
                    .append(i)
                    .append(">")
                    .append(i)
                    .append("</N")
                    .append(i)
                    .append(">");
        }
        String text = document.append("<N7>again</N7></R>").toString();
        assertEquals(stax(text), scanner(text));
    }

    // ---- the two readers, recording what a visitor sees ----------------------------------------

    private static final Predicate<ElementPath> NOTHING = path -> false;
    private static final Predicate<ElementPath> EVERYTHING = path -> true;
    private static final Predicate<ElementPath> SKIPPED = path -> path.name().equals("SKIPPED");
    /** Declines about half the elements of a pool, at every depth, the root kept. */
    private static final Predicate<ElementPath> ODD_NAMES_BELOW_ROOT =
            path -> path.depth() > 1 && path.name().length() % 2 == 1;

    private static List<String> stax(String document) throws XMLStreamException {
        return stax(document, NOTHING);
    }

    private static List<String> scanner(String document) throws XMLStreamException {
        return scanner(document, NOTHING);
    }

    private static List<String> stax(String document, Predicate<ElementPath> declined) throws XMLStreamException {
        Recorder recorder = new Recorder(declined);
        StaxWalker.walk(new StringReader(document), recorder);
        return recorder.events;
    }

    private static List<String> scanner(String document, Predicate<ElementPath> declined) throws XMLStreamException {
        Recorder recorder = new Recorder(declined);
        XmlWalker.walk(document, recorder);
        return recorder.events;
    }

    private static final class Recorder implements XmlWalker.Visitor {
        final List<String> events = new ArrayList<>();
        private final Predicate<ElementPath> declined;

        Recorder(Predicate<ElementPath> declined) {
            this.declined = declined;
        }

        @Override
        public boolean start(ElementPath path) {
            events.add("start " + path + " " + path.depth() + " " + path.name() + " " + path.parent());
            return !declined.test(path);
        }

        @Override
        public void end(ElementPath path, CharSequence text) {
            StringBuilder copy = new StringBuilder();
            for (int i = 0; i < text.length(); i++) {
                copy.append(text.charAt(i));
            }
            events.add("end " + path + " [" + copy + "] [" + text + "] " + text.length());
        }
    }

    private static String write(java.util.function.Consumer<StringWriter> writer) {
        StringWriter out = new StringWriter();
        writer.accept(out);
        return out.toString();
    }

    private static String excerpt(String document, int at) {
        return "near " + at + ": '" + document.substring(Math.max(0, at - 40), Math.min(document.length(), at + 40))
                + "'";
    }
}
