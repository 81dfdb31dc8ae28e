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

    /** Reads each MONITORING's ID, TIMESTAMP and the CPU figure; skips the rest of each sample. */
    Map<Integer, MonitoringSample> parse(String document) throws XMLStreamException {
        return parse(document, CallDeadline.NONE);
    }

    /** As {@link #parse(String)}, refused with {@link CallDeadline.Passed} once {@code deadline} passes. */
    Map<Integer, MonitoringSample> parse(String document, CallDeadline deadline) throws XMLStreamException {
        return XmlScanner.read(document, deadline, in -> {
            in.expectRoot("MONITORING_DATA");
            Map<Integer, MonitoringSample> latest = new HashMap<>();
            while (in.next()) {
                if (in.name().equals("MONITORING")) {
                    sample(in, latest);
                } else {
                    in.skip();
                }
            }
            return latest;
        });
    }

    /** One MONITORING element, just opened, read to its end and kept if it is the latest with a CPU figure. */
    private void sample(XmlScanner in, Map<Integer, MonitoringSample> latest) throws XMLStreamException {
        int id = UNSET;
        long timestamp = 0;
        double cpu = Double.NaN;
        while (in.next()) {
            String element = in.name();
            if (element.equals("ID")) {
                id = in.intValue();
            } else if (element.equals("TIMESTAMP")) {
                timestamp = in.longValue();
            } else if (cpuDepth == 3 && element.equals(cpuElement)) {
                cpu = in.doubleValue();
            } else if (cpuDepth == 4 && element.equals(cpuParent)) {
                while (in.next()) {
                    if (in.name().equals(cpuElement)) {
                        cpu = in.doubleValue();
                    } else {
                        in.skip();
                    }
                }
            } else {
                in.skip();
            }
        }
        if (id != UNSET && !Double.isNaN(cpu)) {
            MonitoringSample sample = new MonitoringSample(id, timestamp, cpu);
            latest.merge(id, sample, (old, now) -> now.timestamp() >= old.timestamp() ? now : old);
        }
    }
}
