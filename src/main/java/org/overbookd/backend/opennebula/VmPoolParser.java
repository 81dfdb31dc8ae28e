package org.overbookd.backend.opennebula;

import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLStreamException;
import org.overbookd.model.VmSize;

/**
 * Streams the VM_POOL document of {@code one.vmpool.infoextended}, or the single VM of
 * {@code one.vm.info}, into {@link VmRecord}s. Only the short pool call drops USER_TEMPLATE, which
 * is why the extended one is used.
 */
final class VmPoolParser {

    private static final int UNSET = Integer.MIN_VALUE;

    private final String qosAttribute;
    private final String sloAttribute;

    /** Attributes are matched without regard to case: oned upper-cases attribute names. */
    VmPoolParser(String qosAttribute, String sloAttribute) {
        this.qosAttribute = qosAttribute;
        this.sloAttribute = sloAttribute;
    }

    VmPoolParser(String qosAttribute) {
        this(qosAttribute, OpenNebulaSettings.DEFAULT_SLO_ATTRIBUTE);
    }

    List<VmRecord> parsePool(Reader document) throws XMLStreamException {
        return parsePool(XmlWalker.read(document));
    }

    List<VmRecord> parsePool(String document) throws XMLStreamException {
        return XmlScanner.read(document, in -> {
            in.expectRoot("VM_POOL");
            List<VmRecord> vms = new ArrayList<>();
            VmReader reader = new VmReader();
            while (in.next()) {
                if (in.name().equals("VM")) {
                    vms.add(reader.vm(in));
                } else {
                    in.skip();
                }
            }
            return vms;
        });
    }

    VmRecord parseOne(Reader document) throws XMLStreamException {
        return parseOne(XmlWalker.read(document));
    }

    VmRecord parseOne(String document) throws XMLStreamException {
        return XmlScanner.read(document, in -> {
            in.expectRoot("VM");
            return new VmReader().vm(in);
        });
    }

    /**
     * Reads one VM element, just opened, to its end: what {@link VmRecord} holds and skips the rest.
     * Most of an extended VM (PERMISSIONS, the TEMPLATE's disks and NICs, most HISTORY fields) is never
     * looked at.
     */
    private final class VmReader {
        private int id;
        private String name;
        private int state;
        private int lcmState;
        private long stime;
        private String qos;
        private String slo;
        private double cores;
        private long mebibytes;
        private VmRecord.History last;
        private long closedRunSeconds;
        private int records;

        VmRecord vm(XmlScanner in) throws XMLStreamException {
            id = UNSET;
            name = null;
            state = UNSET;
            lcmState = UNSET;
            stime = Long.MIN_VALUE;
            qos = null;
            slo = null;
            cores = 0;
            mebibytes = 0;
            last = null;
            closedRunSeconds = 0;
            records = 0;
            while (in.next()) {
                switch (in.name()) {
                    case "ID" -> id = in.intValue();
                    case "NAME" -> name = in.stringValue();
                    case "STATE" -> state = in.intValue();
                    case "LCM_STATE" -> lcmState = in.intValue();
                    case "STIME" -> stime = in.longValue();
                    case "TEMPLATE" -> template(in);
                    case "USER_TEMPLATE" -> userTemplate(in);
                    case "HISTORY_RECORDS" -> historyRecords(in);
                    default -> in.skip();
                }
            }
            return finish();
        }

        private void template(XmlScanner in) throws XMLStreamException {
            while (in.next()) {
                switch (in.name()) {
                    case "CPU" -> {
                        long plain = in.digitsValue(15);
                        cores = plain >= 0 ? plain : TemplateSize.cores(in.text().toString());
                    }
                    case "MEMORY" -> {
                        long plain = in.digitsValue(18);
                        mebibytes = plain >= 0 ? plain : TemplateSize.mebibytes(in.text().toString());
                    }
                    default -> in.skip();
                }
            }
        }

        /** The QoS and SLO attributes, matched without regard to case; the first of each counts. */
        private void userTemplate(XmlScanner in) throws XMLStreamException {
            while (in.next()) {
                String attribute = in.name();
                if (attribute.equalsIgnoreCase(qosAttribute) || attribute.equalsIgnoreCase(sloAttribute)) {
                    String value = in.sharedValue();
                    if (qos == null && attribute.equalsIgnoreCase(qosAttribute)) {
                        qos = value;
                    } else if (slo == null && attribute.equalsIgnoreCase(sloAttribute)) {
                        slo = value;
                    }
                } else {
                    in.skip();
                }
            }
        }

        private void historyRecords(XmlScanner in) throws XMLStreamException {
            while (in.next()) {
                if (in.name().equals("HISTORY")) {
                    history(in);
                } else {
                    in.skip();
                }
            }
        }

        private void history(XmlScanner in) throws XMLStreamException {
            int seq = UNSET;
            int hostId = UNSET;
            String hostName = null;
            long historyStime = 0;
            long rstime = 0;
            long retime = 0;
            while (in.next()) {
                switch (in.name()) {
                    case "SEQ" -> seq = in.intValue();
                    case "HID" -> hostId = in.intValue();
                    case "HOSTNAME" -> hostName = in.sharedValue();
                    case "STIME" -> historyStime = in.longValue();
                    case "RSTIME" -> rstime = in.longValue();
                    case "RETIME" -> retime = in.longValue();
                    default -> in.skip();
                }
            }
            if (seq == UNSET || hostId == UNSET) {
                throw XmlWalker.missing("HISTORY SEQ or HID", "VM", id == UNSET ? Long.MIN_VALUE : id);
            }
            VmRecord.History record = new VmRecord.History(seq, hostId, hostName, historyStime, rstime, retime);
            records++;
            // every record but the last is closed; which one is last is known at the VM's end
            if (last == null || seq >= last.seq()) {
                if (last != null) {
                    closedRunSeconds += last.closedRunSeconds();
                }
                last = record;
            } else {
                closedRunSeconds += record.closedRunSeconds();
            }
        }

        private VmRecord finish() throws XMLStreamException {
            long known = id == UNSET ? Long.MIN_VALUE : id;
            if (id == UNSET) {
                throw XmlWalker.missing("ID", "VM", known);
            }
            if (state == UNSET) {
                throw XmlWalker.missing("STATE", "VM", known);
            }
            if (lcmState == UNSET) {
                throw XmlWalker.missing("LCM_STATE", "VM", known);
            }
            if (stime == Long.MIN_VALUE) {
                throw XmlWalker.missing("STIME", "VM", known);
            }
            return new VmRecord(id, name == null ? "" : name, state, lcmState, stime, qos, last, slo,
                    new RunTimes(closedRunSeconds, last, records), new VmSize(cores, mebibytes));
        }
    }
}
