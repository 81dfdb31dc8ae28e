package org.overbookd.backend.opennebula;

import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLStreamException;

/** Streams the HOST_POOL document of {@code one.hostpool.info} into {@link HostRecord}s. */
final class HostPoolParser {

    private static final int UNSET = Integer.MIN_VALUE;

    private HostPoolParser() {}

    static List<HostRecord> parse(Reader document) throws XMLStreamException {
        return parse(XmlWalker.read(document));
    }

    /**
     * Reads HOST_POOL/HOST/{ID,NAME,STATE,CLUSTER_ID} and HOST/HOST_SHARE/{TOTAL_CPU,MAX_MEM,MEM_USAGE}; skips the
     * rest (the HOST's TEMPLATE, VMS and MONITORING hold elements of the same names further down).
     */
    static List<HostRecord> parse(String document) throws XMLStreamException {
        return parse(document, CallDeadline.NONE);
    }

    /** As {@link #parse(String)}, refused with {@link CallDeadline.Passed} once {@code deadline} passes. */
    static List<HostRecord> parse(String document, CallDeadline deadline) throws XMLStreamException {
        return XmlScanner.read(document, deadline, in -> {
            in.expectRoot("HOST_POOL");
            List<HostRecord> hosts = new ArrayList<>();
            while (in.next()) {
                if (in.name().equals("HOST")) {
                    hosts.add(host(in));
                } else {
                    in.skip();
                }
            }
            return hosts;
        });
    }

    /** One HOST element, just opened, read to its end. */
    private static HostRecord host(XmlScanner in) throws XMLStreamException {
        int id = UNSET;
        String name = null;
        int state = UNSET;
        int clusterId = -1;
        int totalCpu = UNSET;
        long maxMemKb = -1;
        long memUsageKb = -1;
        while (in.next()) {
            switch (in.name()) {
                case "ID" -> id = in.intValue();
                case "NAME" -> name = ServerText.label(in.stringValue());
                case "STATE" -> state = in.intValue();
                case "CLUSTER_ID" -> clusterId = in.intValue();
                case "HOST_SHARE" -> {
                    while (in.next()) {
                        switch (in.name()) {
                            case "TOTAL_CPU" -> totalCpu = in.intValue();
                            case "MAX_MEM" -> maxMemKb = in.longValue();
                            case "MEM_USAGE" -> memUsageKb = in.longValue();
                            default -> in.skip();
                        }
                    }
                }
                default -> in.skip();
            }
        }
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
}
