package org.overbookd.backend.opennebula;

import java.util.List;
import java.util.Map;

/**
 * The OpenNebula calls overbookd makes, with their argument conventions, each returning parsed
 * records. A document that does not parse fails the call like a transport error would, and one
 * whose parse outlasts the call's deadline fails it as a timeout.
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
        return client.callForDocument("one.hostpool.info", HostPoolParser::parse);
    }

    Map<Integer, MonitoringSample> hostMonitoring() throws OneRefusal, OneCallFailure {
        return client.callForDocument("one.hostpool.monitoring", MonitoringParser.HOSTS::parse, LAST_SAMPLE);
    }

    List<VmRecord> vmPool() throws OneRefusal, OneCallFailure {
        return client.callForDocument("one.vmpool.infoextended", vmParser::parsePool, ALL_RESOURCES, WHOLE_POOL,
                WHOLE_POOL, ANY_STATE_BUT_DONE);
    }

    Map<Integer, MonitoringSample> vmMonitoring() throws OneRefusal, OneCallFailure {
        return client.callForDocument("one.vmpool.monitoring", MonitoringParser.VMS::parse, ALL_RESOURCES, LAST_SAMPLE);
    }

    VmRecord vm(int vmId) throws OneRefusal, OneCallFailure {
        return client.callForDocument("one.vm.info", vmParser::parseOne, vmId);
    }

    void perform(VmCall call) throws OneRefusal, OneCallFailure {
        if (call.isDeploy()) {
            client.call("one.vm.deploy", call.vmId(), call.hostId(), ENFORCE_CAPACITY, DEFAULT_DATASTORE);
        } else {
            client.call("one.vm.action", call.action(), call.vmId());
        }
    }

    @Override
    public String toString() {
        return "OneApi[" + client + "]";
    }
}
