package org.overbookd.backend.opennebula;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLStreamException;

/**
 * The pool parsers as they were before they drove {@link XmlScanner} themselves: visitors of
 * {@link XmlWalker}, kept as the reference {@link ParserDifferentialTest} compares the parsers with.
 * Copied from the parsers of main 602c5e3, with the value conversions they used then.
 */
final class VisitorParsers {

    private static final int UNSET = Integer.MIN_VALUE;

    private final String qosAttribute;
    private final String sloAttribute;

    VisitorParsers(String qosAttribute, String sloAttribute) {
        this.qosAttribute = qosAttribute;
        this.sloAttribute = sloAttribute;
    }

    static List<HostRecord> hosts(String document) throws XMLStreamException {
        List<HostRecord> hosts = new ArrayList<>();
        XmlWalker.walk(document, new XmlWalker.Visitor() {
            private int id;
            private String name;
            private int state;
            private int totalCpu;
            private long maxMemKb;
            private long memUsageKb;
            private int clusterId;

            /** Reads HOST_POOL/HOST/{ID,NAME,STATE,CLUSTER_ID} and HOST/HOST_SHARE/{TOTAL_CPU,MAX_MEM,MEM_USAGE}; skips the rest. */
            @Override
            public boolean start(ElementPath path) throws XMLStreamException {
                expectRoot(path, "HOST_POOL");
                String element = path.name();
                switch (path.depth()) {
                    case 1:
                        return true;
                    case 2:
                        if (element.equals("HOST")) {
                            id = UNSET;
                            name = null;
                            state = UNSET;
                            totalCpu = UNSET;
                            maxMemKb = -1;
                            memUsageKb = -1;
                            clusterId = -1;
                            return true;
                        }
                        return false;
                    case 3:
                        return element.equals("ID")
                                || element.equals("NAME")
                                || element.equals("STATE")
                                || element.equals("CLUSTER_ID")
                                || element.equals("HOST_SHARE");
                    case 4:
                        return path.parent().equals("HOST_SHARE")
                                && (element.equals("TOTAL_CPU")
                                        || element.equals("MAX_MEM")
                                        || element.equals("MEM_USAGE"));
                    default:
                        return false;
                }
            }

            @Override
            public void end(ElementPath path, CharSequence text) throws XMLStreamException {
                // HOST_POOL(1)/HOST(2)/ID(3) and HOST_POOL/HOST/HOST_SHARE/TOTAL_CPU(4); the HOST's
                // TEMPLATE, VMS and MONITORING hold elements of the same names at other depths.
                if (path.depth() == 3 && path.parent().equals("HOST")) {
                    switch (path.name()) {
                        case "ID" -> id = intValue(text, path);
                        case "NAME" -> name = text.toString();
                        case "STATE" -> state = intValue(text, path);
                        case "CLUSTER_ID" -> clusterId = intValue(text, path);
                        default -> {}
                    }
                } else if (path.depth() == 4 && path.parent().equals("HOST_SHARE")) {
                    switch (path.name()) {
                        case "TOTAL_CPU" -> totalCpu = intValue(text, path);
                        case "MAX_MEM" -> maxMemKb = longValue(text, path);
                        case "MEM_USAGE" -> memUsageKb = longValue(text, path);
                        default -> {}
                    }
                } else if (path.is(2, "HOST")) {
                    hosts.add(finish());
                }
            }

            private HostRecord finish() throws XMLStreamException {
                long known = id == UNSET ? Long.MIN_VALUE : id;
                if (id == UNSET) {
                    throw XmlWalker.missing("ID", "HOST", known);
                }
                if (name == null) {
                    throw XmlWalker.missing("NAME", "HOST", known);
                }
                if (state == UNSET) {
                    throw XmlWalker.missing("STATE", "HOST", known);
                }
                if (totalCpu == UNSET) {
                    throw XmlWalker.missing("HOST_SHARE/TOTAL_CPU", "HOST", known);
                }
                long free = maxMemKb < 0 || memUsageKb < 0 ? Long.MAX_VALUE : Math.max(0, maxMemKb - memUsageKb) / 1024;
                return new HostRecord(id, name, state, totalCpu, free, clusterId);
            }
        });
        return hosts;
    }

    static Map<Integer, MonitoringSample> samples(String cpuParent, String cpuElement, String document)
            throws XMLStreamException {
        int cpuDepth = cpuParent.equals("MONITORING") ? 3 : 4;
        Map<Integer, MonitoringSample> latest = new HashMap<>();
        XmlWalker.walk(document, new XmlWalker.Visitor() {
            private int id;
            private long timestamp;
            private double cpu;

            /** Reads MONITORING's ID, TIMESTAMP and the CPU figure; skips the rest of each sample. */
            @Override
            public boolean start(ElementPath path) throws XMLStreamException {
                expectRoot(path, "MONITORING_DATA");
                String element = path.name();
                switch (path.depth()) {
                    case 1:
                        return true;
                    case 2:
                        if (element.equals("MONITORING")) {
                            id = UNSET;
                            timestamp = 0;
                            cpu = Double.NaN;
                            return true;
                        }
                        return false;
                    case 3:
                        return element.equals("ID")
                                || element.equals("TIMESTAMP")
                                || element.equals(cpuDepth == 3 ? cpuElement : cpuParent);
                    case 4:
                        return cpuDepth == 4 && path.parent().equals(cpuParent) && element.equals(cpuElement);
                    default:
                        return false;
                }
            }

            @Override
            public void end(ElementPath path, CharSequence text) throws XMLStreamException {
                if (path.depth() == 3
                        && path.parent().equals("MONITORING")
                        && path.name().equals("ID")) {
                    id = intValue(text, path);
                } else if (path.depth() == 3
                        && path.parent().equals("MONITORING")
                        && path.name().equals("TIMESTAMP")) {
                    timestamp = longValue(text, path);
                } else if (path.depth() == cpuDepth
                        && path.parent().equals(cpuParent)
                        && path.name().equals(cpuElement)) {
                    cpu = doubleValue(text, path);
                } else if (path.is(2, "MONITORING") && id != UNSET && !Double.isNaN(cpu)) {
                    MonitoringSample sample = new MonitoringSample(id, timestamp, cpu);
                    latest.merge(id, sample, (old, now) -> now.timestamp() >= old.timestamp() ? now : old);
                }
            }
        });
        return latest;
    }

    List<VmRecord> pool(String document) throws XMLStreamException {
        List<VmRecord> vms = new ArrayList<>();
        XmlWalker.walk(document, new VmVisitor("VM_POOL", 2, vms));
        return vms;
    }

    VmRecord one(String document) throws XMLStreamException {
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
        private String vcpu;
        private VmRecord.History last;
        private long closedRunSeconds;
        private int records;
        private String sched;
        private String automatic;
        private String schedDs;
        private String automaticDs;
        private String beyond;

        private int seq;
        private int datastore;
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
            expectRoot(path, root);
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
                        vcpu = null;
                        last = null;
                        closedRunSeconds = 0;
                        records = 0;
                        sched = null;
                        automatic = null;
                        schedDs = null;
                        automaticDs = null;
                        beyond = null;
                        return true;
                    }
                    return false;
                case 1:
                    return switch (element) {
                        case "ID",
                                "NAME",
                                "STATE",
                                "LCM_STATE",
                                "STIME",
                                "TEMPLATE",
                                "USER_TEMPLATE",
                                "HISTORY_RECORDS" -> true;
                        default -> false;
                    };
                case 2:
                    return switch (path.parent()) {
                        case "USER_TEMPLATE" ->
                            element.equalsIgnoreCase(qosAttribute)
                                    || element.equalsIgnoreCase(sloAttribute)
                                    || element.equalsIgnoreCase("SCHED_REQUIREMENTS")
                                    || element.equalsIgnoreCase("SCHED_DS_REQUIREMENTS");
                        case "TEMPLATE" ->
                            switch (element) {
                                case "CPU",
                                        "MEMORY",
                                        "VCPU",
                                        "AUTOMATIC_REQUIREMENTS",
                                        "AUTOMATIC_DS_REQUIREMENTS",
                                        "NIC",
                                        "VM_GROUP",
                                        "PCI" -> true;
                                default -> false;
                            };
                        case "HISTORY_RECORDS" -> {
                            if (element.equals("HISTORY")) {
                                seq = UNSET;
                                hostId = UNSET;
                                hostName = null;
                                historyStime = 0;
                                rstime = 0;
                                retime = 0;
                                datastore = -1;
                                yield true;
                            }
                            yield false;
                        }
                        default -> false;
                    };
                case 3:
                    if (path.parent().equals("NIC")) {
                        return element.equals("NETWORK_MODE");
                    }
                    return path.parent().equals("HISTORY")
                            && switch (element) {
                                case "SEQ", "HID", "HOSTNAME", "STIME", "RSTIME", "RETIME", "DS_ID" -> true;
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
                if (path.name().equalsIgnoreCase("SCHED_REQUIREMENTS")) {
                    sched = sched != null ? sched : text.toString();
                } else if (path.name().equalsIgnoreCase("SCHED_DS_REQUIREMENTS")) {
                    schedDs = schedDs != null ? schedDs : text.toString();
                } else if (qos == null && path.name().equalsIgnoreCase(qosAttribute)) {
                    qos = text.toString();
                } else if (slo == null && path.name().equalsIgnoreCase(sloAttribute)) {
                    slo = text.toString();
                }
            } else if (level == 2 && path.parent().equals("TEMPLATE")) {
                switch (path.name()) {
                    case "CPU" -> cpu = text.toString();
                    case "MEMORY" -> memory = text.toString();
                    case "VCPU" -> vcpu = text.toString();
                    case "AUTOMATIC_REQUIREMENTS" -> automatic = automatic != null ? automatic : text.toString();
                    case "AUTOMATIC_DS_REQUIREMENTS" ->
                        automaticDs = automaticDs != null ? automaticDs : text.toString();
                    case "VM_GROUP" ->
                        beyond = beyond != null
                                ? beyond
                                : "it is in a VM group, whose affinity rules"
                                        + " OpenNebula's scheduler applies and overbookd does not";
                    case "PCI" ->
                        beyond = beyond != null
                                ? beyond
                                : "it asks for a PCI device, which OpenNebula's"
                                        + " scheduler assigns and overbookd does not";
                    default -> {}
                }
            } else if (level == 3 && path.parent().equals("NIC")) {
                if (text.toString().strip().equalsIgnoreCase("auto")) {
                    beyond = beyond != null
                            ? beyond
                            : "a NIC has NETWORK_MODE = auto: OpenNebula's scheduler picks"
                                    + " its network, overbookd does not";
                }
            } else if (level == 3 && path.parent().equals("HISTORY")) {
                historyField(path, text);
            } else if (level == 2
                    && path.name().equals("HISTORY")
                    && path.parent().equals("HISTORY_RECORDS")) {
                if (seq == UNSET || hostId == UNSET) {
                    throw XmlWalker.missing("HISTORY SEQ or HID", "VM", id == UNSET ? Long.MIN_VALUE : id);
                }
                VmRecord.History record =
                        new VmRecord.History(seq, hostId, hostName, historyStime, rstime, retime, datastore);
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
                case "ID" -> id = intValue(text, path);
                case "NAME" -> name = text.toString();
                case "STATE" -> state = intValue(text, path);
                case "LCM_STATE" -> lcmState = intValue(text, path);
                case "STIME" -> stime = longValue(text, path);
                default -> {}
            }
        }

        private void historyField(ElementPath path, CharSequence text) throws XMLStreamException {
            switch (path.name()) {
                case "SEQ" -> seq = intValue(text, path);
                case "HID" -> hostId = intValue(text, path);
                case "HOSTNAME" -> hostName = text.toString();
                case "STIME" -> historyStime = longValue(text, path);
                case "RSTIME" -> rstime = longValue(text, path);
                case "RETIME" -> retime = longValue(text, path);
                case "DS_ID" -> datastore = intValue(text, path);
                default -> {}
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
            Requirements requirements =
                    sched == null && automatic == null && schedDs == null && automaticDs == null && beyond == null
                            ? Requirements.NONE
                            : new Requirements(sched, automatic, schedDs, automaticDs, beyond);
            return new VmRecord(
                    id,
                    name == null ? "" : name,
                    state,
                    lcmState,
                    stime,
                    qos,
                    last,
                    slo,
                    new RunTimes(closedRunSeconds, last, records),
                    TemplateSize.of(cpu, memory),
                    TemplateSize.vcpus(vcpu),
                    requirements);
        }
    }

    // ---- the value conversions of XmlWalker then ------------------------------------------------

    /** Throws unless the root element is {@code expected}; call it from {@link Visitor#start}. */
    static void expectRoot(ElementPath path, String expected) throws XMLStreamException {
        if (path.depth() == 1 && !path.name().equals(expected)) {
            throw new XMLStreamException("expected root element " + expected + ", found " + path.name());
        }
    }

    /** Where the text starts once leading whitespace is skipped: parsed in place, not trimmed into a copy. */
    private static int firstNonBlank(CharSequence text) {
        int begin = 0;
        while (begin < text.length() && Character.isWhitespace(text.charAt(begin))) {
            begin++;
        }
        return begin;
    }

    /** Where the text ends once trailing whitespace is dropped, not before {@code begin}. */
    private static int endOfNonBlank(CharSequence text, int begin) {
        int end = text.length();
        while (end > begin && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        return end;
    }

    static int intValue(CharSequence text, ElementPath path) throws XMLStreamException {
        int begin = firstNonBlank(text);
        int end = endOfNonBlank(text, begin);
        try {
            return Integer.parseInt(text, begin, end, 10);
        } catch (NumberFormatException e) {
            throw new XMLStreamException(path + " is not an integer: '" + abbreviate(text) + "'");
        }
    }

    static long longValue(CharSequence text, ElementPath path) throws XMLStreamException {
        int begin = firstNonBlank(text);
        int end = endOfNonBlank(text, begin);
        try {
            return Long.parseLong(text, begin, end, 10);
        } catch (NumberFormatException e) {
            throw new XMLStreamException(
                    path + " is not an integer: '" + abbreviate(text.toString().strip()) + "'");
        }
    }

    static double doubleValue(CharSequence text, ElementPath path) throws XMLStreamException {
        String value = text.toString().strip();
        try {
            double number = Double.parseDouble(value);
            if (!Double.isFinite(number)) {
                throw new NumberFormatException();
            }
            return number;
        } catch (NumberFormatException e) {
            throw new XMLStreamException(path + " is not a number: '" + abbreviate(value) + "'");
        }
    }

    private static String abbreviate(CharSequence text) {
        return text.length() <= 40 ? text.toString() : text.subSequence(0, 40) + "...";
    }
}
