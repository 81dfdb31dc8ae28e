package org.overbookd.backend.opennebula;

import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLStreamException;

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
    /** Deploy without enforcing capacity: overbooking is the point. Datastore -1: OpenNebula's choice. */
    private static final boolean ENFORCE_CAPACITY = false;
    private static final int DEFAULT_DATASTORE = -1;
    /** The user-template attribute OneDRS honours; see {@link #keepFromOneDrs}. */
    static final String DRS_BLOCKED = "ONEDRS_BLOCKED = \"YES\"";
    /** one.vm.update's mode 1: merge into the user template, leaving the other attributes alone. */
    private static final int MERGE_INTO_USER_TEMPLATE = 1;

    private final OneXmlRpcClient client;
    private final VmPoolParser vmParser;

    OneApi(OneXmlRpcClient client, String qosAttribute, String sloAttribute) {
        this.client = client;
        this.vmParser = new VmPoolParser(qosAttribute, sloAttribute);
    }

    OneApi(OneXmlRpcClient client, String qosAttribute) {
        this(client, qosAttribute, OpenNebulaSettings.DEFAULT_SLO_ATTRIBUTE);
    }

    List<HostRecord> hostPool() throws OneRefusal, OneCallFailure {
        String method = "one.hostpool.info";
        return parse(method, client.callForXml(method), HostPoolParser::parse);
    }

    Map<Integer, MonitoringSample> hostMonitoring() throws OneRefusal, OneCallFailure {
        String method = "one.hostpool.monitoring";
        return parse(method, client.callForXml(method, LAST_SAMPLE), MonitoringParser.HOSTS::parse);
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

    /** The clusters, their hosts and their OneDRS automation: for {@link OneDrsWatch}. */
    List<OneDrsWatch.Cluster> clusterPool() throws OneRefusal, OneCallFailure {
        String method = "one.clusterpool.info";
        return parse(method, client.callForXml(method), OneDrsWatch::parse);
    }

    VmRecord vm(int vmId) throws OneRefusal, OneCallFailure {
        String method = "one.vm.info";
        return parse(method, client.callForXml(method, vmId), vmParser::parseOne);
    }

    /**
     * Merges {@link #DRS_BLOCKED} into the VM's user template: OneDRS (OpenNebula 7's optimizer)
     * then keeps the VM on its host rather than migrating it (one_drs/lib/optimizer_parser.py: in
     * OPTIMIZE mode a VM whose user template says ONEDRS_BLOCKED = "YES" may only stay where it is).
     */
    void keepFromOneDrs(int vmId) throws OneRefusal, OneCallFailure {
        client.call("one.vm.update", vmId, DRS_BLOCKED, MERGE_INTO_USER_TEMPLATE);
    }

    void perform(VmCall call) throws OneRefusal, OneCallFailure {
        if (call.isDeploy()) {
            client.call("one.vm.deploy", call.vmId(), call.hostId(), ENFORCE_CAPACITY, DEFAULT_DATASTORE);
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
