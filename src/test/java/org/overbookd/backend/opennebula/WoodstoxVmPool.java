package org.overbookd.backend.opennebula;

import com.ctc.wstx.api.WstxInputProperties;
import com.ctc.wstx.stax.WstxInputFactory;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamReader2;
import org.overbookd.model.VmSize;

/**
 * The VM pool parser as it would be on Woodstox, a maintained streaming parser, hardened (no DTD, no
 * entities, limits on depth, attributes and text), reading the same {@link VmRecord}s as
 * {@link VmPoolParser} in one pass: what the scanner is measured against (XmlParserBenchmark).
 */
final class WoodstoxVmPool {

    private static final int UNSET = Integer.MIN_VALUE;

    private final XMLInputFactory factory = hardened();
    private final String qosAttribute;

    WoodstoxVmPool(String qosAttribute) {
        this.qosAttribute = qosAttribute;
    }

    /** The limits are the scanner's where it has one. */
    static XMLInputFactory hardened() {
        WstxInputFactory factory = new WstxInputFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        factory.setProperty(WstxInputProperties.P_MAX_ELEMENT_DEPTH, XmlScanner.MAX_DEPTH);
        factory.setProperty(WstxInputProperties.P_MAX_ATTRIBUTES_PER_ELEMENT, XmlScanner.MAX_ATTRIBUTES);
        factory.setProperty(WstxInputProperties.P_MAX_ENTITY_COUNT, 1);
        factory.setProperty(WstxInputProperties.P_MAX_TEXT_LENGTH, 64 << 20);
        return factory;
    }

    List<VmRecord> parsePool(String document) throws XMLStreamException {
        XMLStreamReader2 in = (XMLStreamReader2) factory.createXMLStreamReader(new StringReader(document));
        try {
            in.nextTag();
            if (!in.getLocalName().equals("VM_POOL")) {
                throw new XMLStreamException("expected root element VM_POOL, found " + in.getLocalName());
            }
            List<VmRecord> vms = new ArrayList<>();
            while (in.nextTag() == XMLStreamConstants.START_ELEMENT) {
                if (in.getLocalName().equals("VM")) {
                    vms.add(vm(in));
                } else {
                    in.skipElement();
                }
            }
            while (in.hasNext()) {
                in.next();
            }
            return vms;
        } finally {
            in.close();
        }
    }

    private VmRecord vm(XMLStreamReader2 in) throws XMLStreamException {
        int id = UNSET;
        String name = "";
        int state = UNSET;
        int lcmState = UNSET;
        long stime = Long.MIN_VALUE;
        String qos = null;
        double cores = 0;
        long mebibytes = 0;
        int vcpus = 0;
        VmRecord.History last = null;
        long closed = 0;
        int records = 0;
        while (in.nextTag() == XMLStreamConstants.START_ELEMENT) {
            switch (in.getLocalName()) {
                case "ID" -> id = Integer.parseInt(in.getElementText().strip());
                case "NAME" -> name = ServerText.label(in.getElementText());
                case "STATE" -> state = Integer.parseInt(in.getElementText().strip());
                case "LCM_STATE" ->
                    lcmState = Integer.parseInt(in.getElementText().strip());
                case "STIME" -> stime = Long.parseLong(in.getElementText().strip());
                case "TEMPLATE" -> {
                    while (in.nextTag() == XMLStreamConstants.START_ELEMENT) {
                        switch (in.getLocalName()) {
                            case "CPU" -> cores = TemplateSize.cores(in.getElementText());
                            case "MEMORY" -> mebibytes = TemplateSize.mebibytes(in.getElementText());
                            case "VCPU" -> vcpus = TemplateSize.vcpus(in.getElementText());
                            default -> in.skipElement();
                        }
                    }
                }
                case "USER_TEMPLATE" -> {
                    while (in.nextTag() == XMLStreamConstants.START_ELEMENT) {
                        if (qos == null && in.getLocalName().equalsIgnoreCase(qosAttribute)) {
                            qos = in.getElementText();
                        } else {
                            in.skipElement();
                        }
                    }
                }
                case "HISTORY_RECORDS" -> {
                    while (in.nextTag() == XMLStreamConstants.START_ELEMENT) {
                        if (!in.getLocalName().equals("HISTORY")) {
                            in.skipElement();
                            continue;
                        }
                        VmRecord.History record = history(in);
                        records++;
                        if (last == null || record.seq() >= last.seq()) {
                            closed += last == null ? 0 : last.closedRunSeconds();
                            last = record;
                        } else {
                            closed += record.closedRunSeconds();
                        }
                    }
                }
                default -> in.skipElement();
            }
        }
        if (id == UNSET || state == UNSET || lcmState == UNSET || stime == Long.MIN_VALUE) {
            throw new XMLStreamException("VM " + id + " lacks ID, STATE, LCM_STATE or STIME");
        }
        return new VmRecord(
                id,
                name,
                state,
                lcmState,
                stime,
                qos,
                last,
                null,
                new RunTimes(closed, last, records),
                new VmSize(cores, mebibytes),
                vcpus,
                Requirements.NONE); // the plain pool it is measured on has none
    }

    private static VmRecord.History history(XMLStreamReader2 in) throws XMLStreamException {
        int seq = UNSET;
        int hostId = UNSET;
        String hostName = null;
        long stime = 0;
        long rstime = 0;
        long retime = 0;
        while (in.nextTag() == XMLStreamConstants.START_ELEMENT) {
            switch (in.getLocalName()) {
                case "SEQ" -> seq = Integer.parseInt(in.getElementText().strip());
                case "HID" -> hostId = Integer.parseInt(in.getElementText().strip());
                case "HOSTNAME" -> hostName = ServerText.label(in.getElementText());
                case "STIME" -> stime = Long.parseLong(in.getElementText().strip());
                case "RSTIME" -> rstime = Long.parseLong(in.getElementText().strip());
                case "RETIME" -> retime = Long.parseLong(in.getElementText().strip());
                default -> in.skipElement();
            }
        }
        return new VmRecord.History(seq, hostId, hostName, stime, rstime, retime);
    }
}
