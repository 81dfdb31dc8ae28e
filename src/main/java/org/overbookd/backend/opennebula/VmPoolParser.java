package org.overbookd.backend.opennebula;

import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLStreamException;

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
        List<VmRecord> vms = new ArrayList<>();
        XmlWalker.walk(document, new VmVisitor("VM_POOL", 2, vms));
        return vms;
    }

    VmRecord parseOne(Reader document) throws XMLStreamException {
        return parseOne(XmlWalker.read(document));
    }

    VmRecord parseOne(String document) throws XMLStreamException {
        List<VmRecord> vms = new ArrayList<>(1);
        XmlWalker.walk(document, new VmVisitor("VM", 1, vms));
        if (vms.size() != 1) {
            throw new XMLStreamException("expected one VM, found " + vms.size());
        }
        return vms.get(0);
    }

    /** Collects the VM elements found at {@code vmDepth}; everything is relative to that depth. */
    private final class VmVisitor implements XmlWalker.Visitor {
        private final String root;
        private final int vmDepth;
        private final List<VmRecord> out;

        private int id;
        private String name;
        private int state;
        private int lcmState;
        private long stime;
        private String qos;
        private String slo;
        private String cpu;
        private String memory;
        private VmRecord.History last;
        private long closedRunSeconds;
        private int records;

        private int seq;
        private int hostId;
        private String hostName;
        private long historyStime;
        private long rstime;
        private long retime;

        VmVisitor(String root, int vmDepth, List<VmRecord> out) {
            this.root = root;
            this.vmDepth = vmDepth;
            this.out = out;
        }

        /**
         * Reads what {@link #end} uses and skips the rest: most of an extended VM (PERMISSIONS, the
         * TEMPLATE's disks and NICs, most HISTORY fields) is never looked at.
         */
        @Override
        public boolean start(ElementPath path) throws XMLStreamException {
            XmlWalker.expectRoot(path, root);
            String element = path.name();
            switch (path.depth() - vmDepth) {
                case 0:
                    if (element.equals("VM")) {
                        id = UNSET;
                        name = null;
                        state = UNSET;
                        lcmState = UNSET;
                        stime = Long.MIN_VALUE;
                        qos = null;
                        slo = null;
                        cpu = null;
                        memory = null;
                        last = null;
                        closedRunSeconds = 0;
                        records = 0;
                        return true;
                    }
                    return false;
                case 1:
                    return switch (element) {
                        case "ID", "NAME", "STATE", "LCM_STATE", "STIME", "TEMPLATE", "USER_TEMPLATE",
                                "HISTORY_RECORDS" -> true;
                        default -> false;
                    };
                case 2:
                    return switch (path.parent()) {
                        case "USER_TEMPLATE" -> element.equalsIgnoreCase(qosAttribute)
                                || element.equalsIgnoreCase(sloAttribute);
                        case "TEMPLATE" -> element.equals("CPU") || element.equals("MEMORY");
                        case "HISTORY_RECORDS" -> {
                            if (element.equals("HISTORY")) {
                                seq = UNSET;
                                hostId = UNSET;
                                hostName = null;
                                historyStime = 0;
                                rstime = 0;
                                retime = 0;
                                yield true;
                            }
                            yield false;
                        }
                        default -> false;
                    };
                case 3:
                    return path.parent().equals("HISTORY") && switch (element) {
                        case "SEQ", "HID", "HOSTNAME", "STIME", "RSTIME", "RETIME" -> true;
                        default -> false;
                    };
                default:
                    return path.depth() < vmDepth; // the pool's root
            }
        }

        @Override
        public void end(ElementPath path, CharSequence text) throws XMLStreamException {
            int level = path.depth() - vmDepth;
            if (level == 1) {
                vmField(path, text);
            } else if (level == 2 && path.parent().equals("USER_TEMPLATE")) {
                if (qos == null && path.name().equalsIgnoreCase(qosAttribute)) {
                    qos = text.toString();
                } else if (slo == null && path.name().equalsIgnoreCase(sloAttribute)) {
                    slo = text.toString();
                }
            } else if (level == 2 && path.parent().equals("TEMPLATE")) {
                if (path.name().equals("CPU")) {
                    cpu = text.toString();
                } else if (path.name().equals("MEMORY")) {
                    memory = text.toString();
                }
            } else if (level == 3 && path.parent().equals("HISTORY")) {
                historyField(path, text);
            } else if (level == 2 && path.name().equals("HISTORY") && path.parent().equals("HISTORY_RECORDS")) {
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
            } else if (level == 0 && path.name().equals("VM")) {
                out.add(finish());
            }
        }

        private void vmField(ElementPath path, CharSequence text) throws XMLStreamException {
            switch (path.name()) {
                case "ID" -> id = XmlWalker.intValue(text, path);
                case "NAME" -> name = text.toString();
                case "STATE" -> state = XmlWalker.intValue(text, path);
                case "LCM_STATE" -> lcmState = XmlWalker.intValue(text, path);
                case "STIME" -> stime = XmlWalker.longValue(text, path);
                default -> {
                }
            }
        }

        private void historyField(ElementPath path, CharSequence text) throws XMLStreamException {
            switch (path.name()) {
                case "SEQ" -> seq = XmlWalker.intValue(text, path);
                case "HID" -> hostId = XmlWalker.intValue(text, path);
                case "HOSTNAME" -> hostName = text.toString();
                case "STIME" -> historyStime = XmlWalker.longValue(text, path);
                case "RSTIME" -> rstime = XmlWalker.longValue(text, path);
                case "RETIME" -> retime = XmlWalker.longValue(text, path);
                default -> {
                }
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
                    new RunTimes(closedRunSeconds, last, records), TemplateSize.of(cpu, memory));
        }
    }
}
