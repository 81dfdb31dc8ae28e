package org.overbookd.backend.opennebula;

import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLStreamException;

/** Streams the HOST_POOL document of {@code one.hostpool.info} into {@link HostRecord}s. */
final class HostPoolParser {

    private static final int UNSET = Integer.MIN_VALUE;

    private HostPoolParser() {
    }

    static List<HostRecord> parse(Reader document) throws XMLStreamException {
        return parse(XmlWalker.read(document));
    }

    static List<HostRecord> parse(String document) throws XMLStreamException {
        List<HostRecord> hosts = new ArrayList<>();
        XmlWalker.walk(document, new XmlWalker.Visitor() {
            private int id;
            private String name;
            private int state;
            private int totalCpu;
            private long maxMemKb;
            private long memUsageKb;

            /** Reads HOST_POOL/HOST/{ID,NAME,STATE} and HOST/HOST_SHARE/{TOTAL_CPU,MAX_MEM,MEM_USAGE}; skips the rest. */
            @Override
            public boolean start(ElementPath path) throws XMLStreamException {
                XmlWalker.expectRoot(path, "HOST_POOL");
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
                            return true;
                        }
                        return false;
                    case 3:
                        return element.equals("ID") || element.equals("NAME") || element.equals("STATE")
                                || element.equals("HOST_SHARE");
                    case 4:
                        return path.parent().equals("HOST_SHARE") && (element.equals("TOTAL_CPU")
                                || element.equals("MAX_MEM") || element.equals("MEM_USAGE"));
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
                        case "ID" -> id = XmlWalker.intValue(text, path);
                        case "NAME" -> name = text.toString();
                        case "STATE" -> state = XmlWalker.intValue(text, path);
                        default -> {
                        }
                    }
                } else if (path.depth() == 4 && path.parent().equals("HOST_SHARE")) {
                    switch (path.name()) {
                        case "TOTAL_CPU" -> totalCpu = XmlWalker.intValue(text, path);
                        case "MAX_MEM" -> maxMemKb = XmlWalker.longValue(text, path);
                        case "MEM_USAGE" -> memUsageKb = XmlWalker.longValue(text, path);
                        default -> {
                        }
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
                return new HostRecord(id, name, state, totalCpu, free);
            }
        });
        return hosts;
    }
}
