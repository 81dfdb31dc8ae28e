package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.List;
import java.util.SplittableRandom;
import javax.xml.stream.XMLStreamException;
import org.junit.jupiter.api.Test;

/**
 * The VM pool read in parts on several threads ({@link VmPoolParser#parsePool(String, int)}) against
 * the same parser reading it in one go: the same records in the same order, or the same refusal
 * with the same message at the same place, however many parts, and whether or not the places where
 * parts begin truly are the ends of VMs.
 */
class VmPoolPartsTest {

    private static final VmPoolParser VMS = new VmPoolParser("QOS", "SLO");

    @Test
    void aGeneratedPoolReadsTheSameInAnyNumberOfParts() throws Exception {
        String pool = vmPool(new PoolGenerator(60, 700, 11));
        List<VmRecord> whole = VMS.parsePool(pool, 1);
        assertEquals(700, whole.size());
        for (int parts = 2; parts <= 9; parts++) {
            assertEquals(whole, VMS.parsePool(pool, parts), parts + " parts");
        }
    }

    /**
     * Every VM carries the text {@code </VM>} twice before its own end: inside a CDATA value, and as the
     * end of an element named VM in its USER_TEMPLATE. Most places a part would begin are then inside
     * a VM; the part before reads on past them, and the result is still the whole document's.
     */
    @Test
    void partsThatWouldBeginInsideAVmAreDropped() throws Exception {
        String pool = vmPool(new PoolGenerator(20, 300, 3))
                .replace(
                        "<USER_TEMPLATE>",
                        "<USER_TEMPLATE><NOTE><![CDATA[ends with </VM><VM>]]></NOTE><VM><ID>9</ID></VM>");
        List<VmRecord> whole = VMS.parsePool(pool, 1);
        assertEquals(300, whole.size());
        for (int parts = 2; parts <= 40; parts += 3) {
            assertEquals(whole, VMS.parsePool(pool, parts), parts + " parts");
        }
    }

    /** Four hundred damaged pools, read in four parts: refused or read exactly as in one go. */
    @Test
    void damagedPoolsAreJudgedAsInOneGo() {
        String original = vmPool(new PoolGenerator(3, 16, 5));
        SplittableRandom random = new SplittableRandom(20261124);
        int refused = 0;
        for (int i = 0; i < 400; i++) {
            int at = random.nextInt(original.length());
            String damaged = switch (random.nextInt(5)) {
                case 0 -> original.substring(0, at) + original.substring(at + 1);
                case 1 -> original.substring(0, at) + "<>&/".charAt(random.nextInt(4)) + original.substring(at + 1);
                case 2 -> original.substring(0, at);
                case 3 -> original.substring(0, at) + "</VM>" + original.substring(at);
                default -> original.substring(0, at) + (char) random.nextInt(0x20) + original.substring(at);
            };
            Object whole = outcome(damaged, 1);
            Object inParts = outcome(damaged, 4);
            if (whole instanceof XMLStreamException refusal) {
                refused++;
                assertTrue(
                        inParts instanceof XMLStreamException,
                        () -> "read in parts what is refused in one go (" + refusal.getMessage() + "): " + damaged);
                XMLStreamException partRefusal = (XMLStreamException) inParts;
                assertEquals(refusal.getMessage(), partRefusal.getMessage(), damaged);
                assertEquals(
                        refusal.getLocation().getCharacterOffset(),
                        partRefusal.getLocation().getCharacterOffset());
            } else {
                assertEquals(whole, inParts, damaged);
            }
        }
        assertTrue(
                refused > 100 && refused < 390,
                "a mix of damages that break the pool and some that do not: " + refused + " of 400 refused");
    }

    /** Large enough for the parser's own choice to read it in parts where there are four cores or more. */
    @Test
    void aLargePoolReadsTheSameByTheParsersOwnChoice() throws Exception {
        String pool = vmPool(new PoolGenerator(300, 3000, 7));
        assertTrue(pool.length() > 2 << 20, "two parts' worth: " + pool.length());
        assertEquals(VMS.parsePool(pool, 1), VMS.parsePool(pool));
    }

    private static Object outcome(String document, int parts) {
        try {
            return VMS.parsePool(document, parts);
        } catch (XMLStreamException e) {
            return e;
        }
    }

    private static String vmPool(PoolGenerator generator) {
        StringWriter out = new StringWriter();
        generator.writeVmPool(out);
        return out.toString();
    }
}
