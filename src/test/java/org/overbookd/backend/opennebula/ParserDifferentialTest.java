package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import javax.xml.stream.XMLStreamException;
import org.junit.jupiter.api.Test;

/**
 * The pool parsers, which drive {@link XmlScanner} themselves, against the visitor-based parsers they
 * replaced ({@link VisitorParsers}, on the scanner's {@link XmlWalker} walk): on generated pools, on
 * values the parsers read by a shortcut (plain digits) or not (signs, space, other digits, overflow),
 * and on thousands of damaged documents, each document is read into the same records or refused with
 * the same message at the same place.
 */
class ParserDifferentialTest {

    private static final VisitorParsers REFERENCE = new VisitorParsers("QOS", "SLO");
    private static final VmPoolParser VMS = new VmPoolParser("QOS", "SLO");

    /** One document kind: how the parser under test reads it, and how the reference does. */
    private record Kind(String name, Reading parser, Reading reference) {}

    @FunctionalInterface
    private interface Reading {
        Object read(String document) throws XMLStreamException;
    }

    private static final Kind HOSTS = new Kind("host pool", HostPoolParser::parse, VisitorParsers::hosts);
    private static final Kind HOST_SAMPLES = new Kind(
            "host monitoring",
            MonitoringParser.HOSTS::parse,
            document -> VisitorParsers.samples("CAPACITY", "USED_CPU", document));
    private static final Kind VM_POOL = new Kind("VM pool", VMS::parsePool, REFERENCE::pool);
    private static final Kind VM_SAMPLES = new Kind(
            "VM monitoring",
            MonitoringParser.VMS::parse,
            document -> VisitorParsers.samples("MONITORING", "CPU", document));
    private static final Kind ONE_VM = new Kind("one VM", VMS::parseOne, REFERENCE::one);

    @Test
    void generatedPoolsReadTheSame() throws Exception {
        PoolGenerator pool = new PoolGenerator(60, 700, 11);
        assertSame(HOSTS, judge(HOSTS, write(pool::writeHostPool)), "read, not refused");
        judge(HOST_SAMPLES, write(pool::writeHostMonitoring));
        judge(VM_POOL, write(pool::writeVmPool));
        judge(VM_SAMPLES, write(pool::writeVmMonitoring));
        List<?> vms = (List<?>) VM_POOL.parser.read(write(pool::writeVmPool));
        assertEquals(700, vms.size());
    }

    /** Values the parsers read by a shortcut when they are plain digits, and by the general conversion when not. */
    @Test
    void valuesOfEveryShapeReadTheSame() throws Exception {
        List<String> values = List.of(
                "7",
                "007",
                " 7 ",
                "\n7\t",
                "+7",
                "-7",
                "-0",
                "",
                " ",
                "7.0",
                "7e1",
                "x7",
                "\u0667",
                "\uff17",
                "2147483647",
                "2147483648",
                "-2147483648",
                "999999999",
                "1000000000",
                "9223372036854775807",
                "9223372036854775808",
                "999999999999999999",
                "1000000000000000000",
                "12345678901234567890",
                "1&#48;",
                "<![CDATA[42]]>",
                "4<!-- c -->2",
                "4<X>9</X>2",
                "0.5",
                "NaN",
                // decimals, which the parsers read by a shortcut as well
                "84.11",
                "0.1",
                "0.3",
                ".5",
                "5.",
                ".",
                "1.2.3",
                "99.99",
                "123456789012.345",
                "1234567890123456",
                "0.000000000000001",
                "9007199254740993",
                "1e3",
                "1,5",
                "3.14159265358979",
                "2.2250738585072014");
        int refused = 0;
        for (String value : values) {
            String host = "<HOST_POOL><HOST><ID>" + value + "</ID><NAME>n</NAME><STATE>" + value + "</STATE>"
                    + "<HOST_SHARE><TOTAL_CPU>" + value + "</TOTAL_CPU><MAX_MEM>" + value + "</MAX_MEM><MEM_USAGE>"
                    + value + "</MEM_USAGE></HOST_SHARE></HOST></HOST_POOL>";
            String hostWithId = host.replaceFirst("<ID>[^/]*/ID>", "<ID>3</ID>");
            String vm = "<VM_POOL><VM><ID>1</ID><NAME>v</NAME><STATE>3</STATE><LCM_STATE>3</LCM_STATE><STIME>"
                    + value + "</STIME><TEMPLATE><CPU>" + value + "</CPU><MEMORY>" + value + "</MEMORY><VCPU>" + value
                    + "</VCPU></TEMPLATE>"
                    + "<HISTORY_RECORDS><HISTORY><SEQ>0</SEQ><HID>2</HID><STIME>" + value + "</STIME><RSTIME>" + value
                    + "</RSTIME><RETIME>" + value + "</RETIME></HISTORY></HISTORY_RECORDS></VM></VM_POOL>";
            String sample = "<MONITORING_DATA><MONITORING><ID>4</ID><TIMESTAMP>" + value + "</TIMESTAMP><CPU>" + value
                    + "</CPU></MONITORING></MONITORING_DATA>";
            for (Object outcome : List.of(
                    judge(HOSTS, host), judge(HOSTS, hostWithId), judge(VM_POOL, vm), judge(VM_SAMPLES, sample))) {
                refused += outcome instanceof XMLStreamException ? 1 : 0;
            }
        }
        assertTrue(
                refused > 40 && refused < 4 * values.size() - 20, refused + " refusals: both kinds of outcome judged");
    }

    /** Ten thousand random decimals of up to 17 digits, read by the shortcut or not: the same doubles, to the bit. */
    @Test
    void decimalsReadToTheBit() throws Exception {
        SplittableRandom random = new SplittableRandom(15);
        StringBuilder samples = new StringBuilder("<MONITORING_DATA>");
        for (int id = 0; id < 10_000; id++) {
            int digits = 1 + random.nextInt(17);
            StringBuilder value = new StringBuilder();
            for (int i = 0; i < digits; i++) {
                value.append((char) ('0' + random.nextInt(10)));
            }
            value.insert(random.nextInt(digits + 1), '.');
            samples.append("<MONITORING><ID>")
                    .append(id)
                    .append("</ID><CPU>")
                    .append(value)
                    .append("</CPU></MONITORING>");
        }
        String document = samples.append("</MONITORING_DATA>").toString();
        assertSame(VM_SAMPLES, judge(VM_SAMPLES, document), "read, not refused");
        assertEquals(10_000, MonitoringParser.VMS.parse(document).size());
    }

    /**
     * A thousand damages to each kind of document (a character dropped, doubled or replaced by markup
     * or a digit, the end cut off): the parsers take the reference's decision, with its message.
     */
    @Test
    void damagedDocumentsAreJudgedAsTheReferenceJudgesThem() throws Exception {
        PoolGenerator pool = new PoolGenerator(3, 12, 5);
        String vms = write(pool::writeVmPool).replace("generated VM 1<", "generated &amp; VM &#49;<");
        String oneVm = vms.substring(vms.indexOf("<VM>"), vms.indexOf("</VM>") + "</VM>".length());
        List<Object[]> documents = List.of(
                new Object[] {HOSTS, write(pool::writeHostPool)},
                new Object[] {HOST_SAMPLES, write(pool::writeHostMonitoring)},
                new Object[] {VM_POOL, vms},
                new Object[] {VM_SAMPLES, write(pool::writeVmMonitoring)},
                new Object[] {ONE_VM, oneVm});
        SplittableRandom random = new SplittableRandom(20261124);
        for (Object[] kindAndDocument : documents) {
            Kind kind = (Kind) kindAndDocument[0];
            String original = (String) kindAndDocument[1];
            int refused = 0;
            for (int i = 0; i < 1000; i++) {
                int at = random.nextInt(original.length());
                String damaged = switch (random.nextInt(6)) {
                    case 0 -> original.substring(0, at) + original.substring(at + 1);
                    case 1 -> original.substring(0, at) + original.charAt(at) + original.substring(at);
                    case 2 ->
                        original.substring(0, at)
                                + "<>&]/!?\"'=".charAt(random.nextInt(10))
                                + original.substring(at + 1);
                    case 3 -> original.substring(0, at);
                    case 4 ->
                        original.substring(0, at) + "0123456789 -+".charAt(random.nextInt(13)) + original.substring(at);
                    default -> original.substring(0, at) + (char) random.nextInt(0x20) + original.substring(at);
                };
                refused += judge(kind, damaged) instanceof XMLStreamException ? 1 : 0;
            }
            assertTrue(
                    refused > 250 && refused < 975,
                    kind.name + ": a mix of damages that break the document and" + " some that do not: " + refused
                            + " of 1000 refused");
        }
    }

    /** Reads {@code document} both ways and asserts the same outcome; returns the kind if read, else the refusal. */
    private static Object judge(Kind kind, String document) {
        Object expected = outcome(kind.reference, document);
        Object actual = outcome(kind.parser, document);
        if (expected instanceof XMLStreamException refusal) {
            assertTrue(
                    actual instanceof XMLStreamException,
                    () -> kind.name + ": the parser reads what the reference" + " refuses (" + refusal.getMessage()
                            + "): " + document);
            assertEquals(refusal.getMessage(), ((XMLStreamException) actual).getMessage(), document);
            assertEquals(
                    refusal.getLocation().getCharacterOffset(),
                    ((XMLStreamException) actual).getLocation().getCharacterOffset(),
                    document);
            return refusal;
        }
        assertTrue(
                !(actual instanceof XMLStreamException),
                () -> kind.name + ": the parser refuses what the reference" + " reads ("
                        + ((Exception) actual).getMessage() + "): " + document);
        assertEquals(normal(expected), normal(actual), document);
        return kind;
    }

    private static Object outcome(Reading reading, String document) {
        try {
            return reading.read(document);
        } catch (XMLStreamException e) {
            return e;
        }
    }

    /** Records compare by value; a map's order is no part of what the parser says. */
    private static Object normal(Object parsed) {
        return parsed instanceof Map<?, ?> map ? new java.util.TreeMap<>(map) : parsed;
    }

    private static String write(Consumer<StringWriter> writer) {
        StringWriter out = new StringWriter();
        writer.accept(out);
        return out.toString();
    }
}
