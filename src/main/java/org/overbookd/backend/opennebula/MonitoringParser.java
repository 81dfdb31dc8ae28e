package org.overbookd.backend.opennebula;

import java.io.Reader;
import java.util.HashMap;
import java.util.Map;
import javax.xml.stream.XMLStreamException;

/**
 * Streams the MONITORING_DATA document of {@code one.hostpool.monitoring} or
 * {@code one.vmpool.monitoring} into the latest {@link MonitoringSample} per host or VM.
 *
 * <p>Both calls wrap one MONITORING element per sample; they differ in where the CPU figure is:
 * MONITORING/CAPACITY/USED_CPU for a host, MONITORING/CPU for a VM. A call asked for more than the
 * last sample returns several per object, oldest first, so the one with the highest TIMESTAMP wins.
 * A sample without the CPU figure is dropped: the object counts as not monitored.
 */
enum MonitoringParser {
    HOSTS("CAPACITY", "USED_CPU"),
    VMS("MONITORING", "CPU");

    private static final int UNSET = Integer.MIN_VALUE;

    private final String cpuParent;
    private final String cpuElement;
    private final int cpuDepth;

    MonitoringParser(String cpuParent, String cpuElement) {
        this.cpuParent = cpuParent;
        this.cpuElement = cpuElement;
        // MONITORING_DATA(1)/MONITORING(2)/CPU(3), or one level deeper inside CAPACITY.
        this.cpuDepth = cpuParent.equals("MONITORING") ? 3 : 4;
    }

    Map<Integer, MonitoringSample> parse(Reader document) throws XMLStreamException {
        return parse(XmlWalker.read(document));
    }

    Map<Integer, MonitoringSample> parse(String document) throws XMLStreamException {
        Map<Integer, MonitoringSample> latest = new HashMap<>();
        XmlWalker.walk(document, new XmlWalker.Visitor() {
            private int id;
            private long timestamp;
            private double cpu;

            /** Reads MONITORING's ID, TIMESTAMP and the CPU figure; skips the rest of each sample. */
            @Override
            public boolean start(ElementPath path) throws XMLStreamException {
                XmlWalker.expectRoot(path, "MONITORING_DATA");
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
                        return element.equals("ID") || element.equals("TIMESTAMP")
                                || element.equals(cpuDepth == 3 ? cpuElement : cpuParent);
                    case 4:
                        return cpuDepth == 4 && path.parent().equals(cpuParent) && element.equals(cpuElement);
                    default:
                        return false;
                }
            }

            @Override
            public void end(ElementPath path, CharSequence text) throws XMLStreamException {
                if (path.depth() == 3 && path.parent().equals("MONITORING") && path.name().equals("ID")) {
                    id = XmlWalker.intValue(text, path);
                } else if (path.depth() == 3 && path.parent().equals("MONITORING") && path.name().equals("TIMESTAMP")) {
                    timestamp = XmlWalker.longValue(text, path);
                } else if (path.depth() == cpuDepth && path.parent().equals(cpuParent) && path.name().equals(cpuElement)) {
                    cpu = XmlWalker.doubleValue(text, path);
                } else if (path.is(2, "MONITORING") && id != UNSET && !Double.isNaN(cpu)) {
                    MonitoringSample sample = new MonitoringSample(id, timestamp, cpu);
                    latest.merge(id, sample, (old, now) -> now.timestamp() >= old.timestamp() ? now : old);
                }
            }
        });
        return latest;
    }
}
