package org.overbookd.backend.opennebula;

import java.io.Reader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.xml.stream.XMLStreamException;
import org.overbookd.model.VmSize;

/**
 * Streams the VM_POOL document of {@code one.vmpool.infoextended}, or the single VM of
 * {@code one.vm.info}, into {@link VmRecord}s. Only the short pool call drops USER_TEMPLATE, which
 * is why the extended one is used.
 */
final class VmPoolParser {

    private static final int UNSET = Integer.MIN_VALUE;
    /** Parts smaller than this (about 800 VMs of an extended pool) are not worth a thread's hand-off. */
    private static final int MIN_PART_CHARS = 1 << 20;

    private static final String VM_END = "</VM>";

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

    /**
     * The pool's VMs, in document order. A large pool is read in parts on half the machine's cores, each
     * from the end of a VM element onwards ({@link #parsePool(String, int)}); the records, and the error
     * of a document that does not parse, are the same as read in one go.
     *
     * <p>Half, not all: the daemon's first parse after a start runs beside the JIT compiling the parser,
     * and the GC, which then take about as much CPU as the parser itself: on two cores a first parse in
     * two parts took longer than in one, later ones less (the figures are in docs/performance.md). The
     * first parse is the one the daemon's first cycle waits for, so a two-core front-end reads in one
     * part, and larger ones spare a core for the compiler for every core they read on.
     */
    List<VmRecord> parsePool(String document) throws XMLStreamException {
        return parsePool(document, CallDeadline.NONE);
    }

    /** As {@link #parsePool(String)}, every part refused with {@link CallDeadline.Passed} once {@code deadline} passes. */
    List<VmRecord> parsePool(String document, CallDeadline deadline) throws XMLStreamException {
        int parts = Math.min(Runtime.getRuntime().availableProcessors() / 2, document.length() / MIN_PART_CHARS);
        return parsePool(document, Math.max(1, parts), deadline);
    }

    /**
     * The pool's VMs read in at most {@code parts} parts, all but the first on other threads (the
     * common fork-join pool). Why: the VM pool is most of an observation's XML (130 MB for 100,000
     * VMs), and reading it is bound by the scanner on one core while the others wait.
     *
     * <p>Each part but the first starts right after a {@code </VM>} found near its share of the
     * document, on the root element's content, and stops at the next part's start. Where such a
     * {@code </VM>} truly closes a VM of the pool, a cursor that read the document from its start is
     * there on the root's content, in the same state as a part started there, and the two read the rest
     * alike. Where it does not (the text {@code </VM>} inside a value, or an element named VM inside a
     * USER_TEMPLATE), the part before does not stop there: it reads on past it, to the document's end,
     * and the later parts are dropped. So a part's records, or its error, count only when the part
     * before ended exactly at its start, and what the parser returns or throws is what one cursor
     * reading the whole document would.
     */
    List<VmRecord> parsePool(String document, int parts) throws XMLStreamException {
        return parsePool(document, parts, CallDeadline.NONE);
    }

    List<VmRecord> parsePool(String document, int parts, CallDeadline deadline) throws XMLStreamException {
        int[] starts = partStarts(document, parts);
        if (starts.length == 1) {
            return part(document, 0, Integer.MAX_VALUE, null, deadline).vms();
        }
        AtomicBoolean dropped = new AtomicBoolean();
        List<CompletableFuture<Part>> later = new ArrayList<>(starts.length - 1);
        for (int i = 1; i < starts.length; i++) {
            int from = starts[i];
            int stop = i + 1 < starts.length ? starts[i + 1] : Integer.MAX_VALUE;
            // the common pool, or a thread per part where it has no more than one thread
            later.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return part(document, from, stop, dropped, deadline);
                } catch (XMLStreamException e) {
                    throw new CompletionException(e); // thrown as itself by joined
                }
            }));
        }
        try {
            Part part = part(document, 0, starts[1], null, deadline);
            List<VmRecord> vms = new ArrayList<>(part.vms());
            for (int i = 0; part.stoppedAtEnd() && i < later.size(); i++) {
                part = joined(later.get(i));
                vms.addAll(part.vms());
            }
            return vms;
        } finally {
            dropped.set(true);
        }
    }

    /** 0, then right after the first {@code </VM>} at or after each further share of the document, ascending. */
    private static int[] partStarts(String document, int parts) {
        int[] starts = new int[Math.max(1, parts)];
        int count = 1;
        for (int i = 1; i < parts; i++) {
            int end = document.indexOf(VM_END, (int) ((long) document.length() * i / parts));
            if (end < 0) {
                break;
            }
            int start = end + VM_END.length();
            if (start > starts[count - 1]) {
                starts[count++] = start;
            }
        }
        return Arrays.copyOf(starts, count);
    }

    /**
     * What one part read: its VMs, and whether it stopped at its end (the next part's start, on the
     * root's content) rather than reading on to the document's end.
     */
    private record Part(List<VmRecord> vms, boolean stoppedAtEnd) {}

    /**
     * A later part's result; what it threw is thrown as itself, as one pass would have thrown it (a
     * refusal with the part's own message and location).
     */
    private static Part joined(CompletableFuture<Part> part) throws XMLStreamException {
        try {
            return part.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof XMLStreamException refusal) {
                throw refusal;
            }
            if (e.getCause() instanceof RuntimeException unchecked) {
                throw unchecked;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /**
     * Reads the VMs from {@code from} on, stopping on the root's content at exactly {@code stop}; passing
     * {@code stop} inside an element means it was no VM's end, and the part reads on to the document's
     * end. Gives up early (its result unused) once {@code dropped} is set.
     */
    private Part part(String document, int from, int stop, AtomicBoolean dropped, CallDeadline deadline)
            throws XMLStreamException {
        return XmlScanner.readPart(document, from, deadline, in -> {
            in.expectRoot("VM_POOL");
            List<VmRecord> vms = new ArrayList<>();
            VmReader reader = new VmReader();
            int end = stop;
            while (true) {
                if (in.position() >= end) {
                    if (in.position() == end) {
                        return new Part(vms, true);
                    }
                    end = Integer.MAX_VALUE;
                }
                if (dropped != null && dropped.get() || !in.next()) {
                    return new Part(vms, false);
                }
                if (in.name().equals("VM")) {
                    vms.add(reader.vm(in));
                } else {
                    in.skip();
                }
            }
        });
    }

    VmRecord parseOne(Reader document) throws XMLStreamException {
        return parseOne(XmlWalker.read(document));
    }

    VmRecord parseOne(String document) throws XMLStreamException {
        return parseOne(document, CallDeadline.NONE);
    }

    VmRecord parseOne(String document, CallDeadline deadline) throws XMLStreamException {
        return XmlScanner.read(document, deadline, in -> {
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
        private int vcpus;
        private VmRecord.History last;
        private long closedRunSeconds;
        private int records;
        private String sched;
        private String automatic;
        private String schedDs;
        private String automaticDs;
        private String beyond;

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
            vcpus = 0;
            last = null;
            closedRunSeconds = 0;
            records = 0;
            sched = null;
            automatic = null;
            schedDs = null;
            automaticDs = null;
            beyond = null;
            while (in.next()) {
                switch (in.name()) {
                    case "ID" -> id = in.intValue();
                    case "NAME" -> name = ServerText.label(in.stringValue());
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
                        cores = plain >= 0
                                ? plain
                                : TemplateSize.cores(in.text().toString());
                    }
                    case "MEMORY" -> {
                        long plain = in.digitsValue(18);
                        mebibytes = plain >= 0
                                ? plain
                                : TemplateSize.mebibytes(in.text().toString());
                    }
                    case "VCPU" -> {
                        long plain = in.digitsValue(9);
                        vcpus = plain >= 0
                                ? TemplateSize.vcpus(plain)
                                : TemplateSize.vcpus(in.text().toString());
                    }
                    // oned reads the first of each; one with elements inside (a vector) reads as empty
                    case "AUTOMATIC_REQUIREMENTS" -> automatic = first(automatic, in);
                    case "AUTOMATIC_DS_REQUIREMENTS" -> automaticDs = first(automaticDs, in);
                    case "NIC" -> nic(in);
                    case "VM_GROUP" -> {
                        beyond = beyond != null
                                ? beyond
                                : "it is in a VM group, whose affinity rules OpenNebula's"
                                        + " scheduler applies and overbookd does not";
                        in.skip();
                    }
                    case "PCI" -> {
                        beyond = beyond != null
                                ? beyond
                                : "it asks for a PCI device, which OpenNebula's scheduler"
                                        + " assigns and overbookd does not";
                        in.skip();
                    }
                    default -> in.skip();
                }
            }
        }

        /** A NIC whose network OpenNebula's scheduler is to choose (NETWORK_MODE = auto) overbookd cannot deploy. */
        private void nic(XmlScanner in) throws XMLStreamException {
            while (in.next()) {
                if (in.name().equals("NETWORK_MODE") && in.stringValue().strip().equalsIgnoreCase("auto")) {
                    beyond = beyond != null
                            ? beyond
                            : "a NIC has NETWORK_MODE = auto: OpenNebula's scheduler picks"
                                    + " its network, overbookd does not";
                } else {
                    in.skip();
                }
            }
        }

        /** {@code current} if already read (the first counts), else this element's value, shared. */
        private static String first(String current, XmlScanner in) throws XMLStreamException {
            String value = in.sharedValue();
            return current != null ? current : value;
        }

        /**
         * The QoS and SLO attributes, and SCHED_REQUIREMENTS and SCHED_DS_REQUIREMENTS, matched without
         * regard to case (a requirement oned might not read is still honoured: the safe side); the first of
         * each counts.
         */
        private void userTemplate(XmlScanner in) throws XMLStreamException {
            while (in.next()) {
                String attribute = in.name();
                if (attribute.equalsIgnoreCase("SCHED_REQUIREMENTS")) {
                    sched = first(sched, in);
                } else if (attribute.equalsIgnoreCase("SCHED_DS_REQUIREMENTS")) {
                    schedDs = first(schedDs, in);
                } else if (attribute.equalsIgnoreCase(qosAttribute) || attribute.equalsIgnoreCase(sloAttribute)) {
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
            int datastore = -1;
            while (in.next()) {
                switch (in.name()) {
                    case "SEQ" -> seq = in.intValue();
                    case "DS_ID" -> datastore = in.intValue();
                    case "HID" -> hostId = in.intValue();
                    case "HOSTNAME" -> hostName = ServerText.label(in.sharedValue());
                    case "STIME" -> historyStime = in.longValue();
                    case "RSTIME" -> rstime = in.longValue();
                    case "RETIME" -> retime = in.longValue();
                    default -> in.skip();
                }
            }
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
                    new VmSize(cores, mebibytes),
                    vcpus,
                    requirements);
        }
    }
}
