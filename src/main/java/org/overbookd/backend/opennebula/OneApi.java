package org.overbookd.backend.opennebula;

import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLStreamException;
import org.overbookd.backend.opennebula.requirements.ObjectDocument;

/**
 * The OpenNebula calls overbookd makes, with their argument conventions, each returning parsed
 * records. A document that does not parse fails the call like a transport error would.
 */
final class OneApi {

    /** Filter -2: every VM, whoever owns it. */
    private static final int ALL_RESOURCES = -2;
    /** Range -1..-1: the whole pool, no paging. */
    private static final int WHOLE_POOL = -1;
    /** State -1: every state but DONE. */
    private static final int ANY_STATE_BUT_DONE = -1;
    /** Monitoring window 0: only the last sample of each object. */
    private static final int LAST_SAMPLE = 0;
    /** Deploy without enforcing capacity: overbooking is the point. */
    private static final boolean ENFORCE_CAPACITY = false;

    private final OneXmlRpcClient client;
    private final VmPoolParser vmParser;

    OneApi(OneXmlRpcClient client, String qosAttribute, String sloAttribute) {
        this.client = client;
        this.vmParser = new VmPoolParser(qosAttribute, sloAttribute);
    }

    OneApi(OneXmlRpcClient client, String qosAttribute) {
        this(client, qosAttribute, OpenNebulaSettings.DEFAULT_SLO_ATTRIBUTE);
    }

    /** A pool as parsed, with its document, which {@link HostMatching} reads again for requirements. */
    record Pool<T>(T parsed, String document) {
    }

    Pool<List<HostRecord>> hostPool() throws OneRefusal, OneCallFailure {
        String method = "one.hostpool.info";
        String xml = client.callForXml(method);
        return new Pool<>(parse(method, xml, HostPoolParser::parse), xml);
    }

    Pool<Map<Integer, MonitoringSample>> hostMonitoring() throws OneRefusal, OneCallFailure {
        String method = "one.hostpool.monitoring";
        String xml = client.callForXml(method, LAST_SAMPLE);
        return new Pool<>(parse(method, xml, MonitoringParser.HOSTS::parse), xml);
    }

    /** Every datastore the session may see, as documents for SCHED_DS_REQUIREMENTS. */
    List<ObjectDocument> datastorePool() throws OneRefusal, OneCallFailure {
        String method = "one.datastorepool.info";
        return parse(method, client.callForXml(method, ALL_RESOURCES, WHOLE_POOL, WHOLE_POOL), PoolDocuments::datastores);
    }

    /** Every cluster, as documents by id: their TEMPLATE is what a host's requirements fall back on. */
    Map<Integer, ObjectDocument> clusterPool() throws OneRefusal, OneCallFailure {
        String method = "one.clusterpool.info";
        return parse(method, client.callForXml(method, ALL_RESOURCES, WHOLE_POOL, WHOLE_POOL), PoolDocuments::clusters);
    }

    List<VmRecord> vmPool() throws OneRefusal, OneCallFailure {
        String method = "one.vmpool.infoextended";
        String xml = client.callForXml(method, ALL_RESOURCES, WHOLE_POOL, WHOLE_POOL, ANY_STATE_BUT_DONE);
        return parse(method, xml, vmParser::parsePool);
    }

    Map<Integer, MonitoringSample> vmMonitoring() throws OneRefusal, OneCallFailure {
        String method = "one.vmpool.monitoring";
        return parse(method, client.callForXml(method, ALL_RESOURCES, LAST_SAMPLE), MonitoringParser.VMS::parse);
    }

    VmRecord vm(int vmId) throws OneRefusal, OneCallFailure {
        String method = "one.vm.info";
        return parse(method, client.callForXml(method, vmId), vmParser::parseOne);
    }

    void perform(VmCall call) throws OneRefusal, OneCallFailure {
        if (call.isDeploy()) {
            client.call("one.vm.deploy", call.vmId(), call.hostId(), ENFORCE_CAPACITY, call.datastoreId());
        } else {
            client.call("one.vm.action", call.action(), call.vmId());
        }
    }

    /** Parses a document held in a string, as the reply carries it. */
    @FunctionalInterface
    private interface DocumentParser<T> {
        T parse(String document) throws XMLStreamException;
    }

    private <T> T parse(String method, String xml, DocumentParser<T> parser) throws OneCallFailure {
        try {
            return parser.parse(xml);
        } catch (XMLStreamException | RuntimeException e) {
            throw client.malformed(method, String.valueOf(e.getMessage()), e);
        }
    }

    @Override
    public String toString() {
        return "OneApi[" + client + "]";
    }
}
