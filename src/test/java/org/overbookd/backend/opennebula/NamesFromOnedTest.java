package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A VM's or a host's name is whatever its owner typed: it reaches the audit, the record and log lines
 * cut to {@link ServerText#MAX_LABEL_CHARS} with a mark, on one line, with no control or format
 * character, so that no name can forge a log line or drive a terminal.
 */
class NamesFromOnedTest {

    private static final String FORGED =
            "web-1\n2026-11-28 INFO  o.o.d.CycleRunner - cycle 7: 0 decisions\r\u009b2J\t\u202Eevil";

    @Test
    void namesOfVmsAndHostsAreOneSafeLineOfBoundedLength() throws Exception {
        FakeVm vm = new FakeVm(7, FORGED + "x".repeat(1_000), 1_700_000_000L).low();
        vm.history.add(new FakeVm.Stay(0, 3, "host\n\u0085" + "h".repeat(300), 1_700_000_000L));
        VmRecord read = new VmPoolParser("QOS").parseOne(OneDocuments.toString(OneDocuments.vm(vm)));
        assertSafe(read.name());
        assertTrue(read.name().startsWith("web-1 2026-11-28 INFO"), read.name());
        assertTrue(
                read.name()
                        .endsWith(
                                "... (" + (FORGED.length() + 1_000 - ServerText.MAX_LABEL_CHARS) + " more characters)"),
                read.name());
        assertSafe(read.lastHistory().hostName());

        FakeHost host = new FakeHost(3, FORGED, 8);
        List<HostRecord> hosts =
                HostPoolParser.parse(OneDocuments.toString(OneDocuments.hostPool(List.of(host), id -> List.of())));
        assertSafe(hosts.get(0).name());
        assertEquals(
                FORGED.length(),
                hosts.get(0).name().length(),
                "a short name keeps its length, each bad character replaced");
    }

    @Test
    void anOrdinaryNameIsKeptAsItIs() {
        String name = "db-primary.example.org \u65e5\u672c";
        assertSame(name, ServerText.label(name));
    }

    private static void assertSafe(String name) {
        assertTrue(name.length() <= ServerText.MAX_LABEL_CHARS + " more characters)".length() + 12, name);
        assertTrue(
                name.chars()
                        .noneMatch(c -> c < 0x20 || c >= 0x7F && c <= 0x9F || Character.getType(c) == Character.FORMAT),
                name);
    }
}
