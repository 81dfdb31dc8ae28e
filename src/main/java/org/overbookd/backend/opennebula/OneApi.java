package org.overbookd.backend.opennebula;

import java.util.List;
import java.util.Map;
import org.overbookd.backend.opennebula.requirements.ObjectDocument;

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
    /** Deploy without enforcing capacity: overbooking is the point. */
    private static final boolean ENFORCE_CAPACITY = false;
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

    /** A pool as parsed, with its document, which {@link HostMatching} reads again for requirements. */
    record Pool<T>(T parsed, String document) {}

    Pool<List<HostRecord>> hostPool() throws OneRefusal, OneCallFailure {
        return client.callForDocument(
                "one.hostpool.info", (xml, deadline) -> new Pool<>(HostPoolParser.parse(xml, deadline), xml));
    }

    Pool<Map<Integer, MonitoringSample>> hostMonitoring() throws OneRefusal, OneCallFailure {
        return client.callForDocument(
                "one.hostpool.monitoring",
                (xml, deadline) -> new Pool<>(MonitoringParser.HOSTS.parse(xml, deadline), xml),
                LAST_SAMPLE);
    }

    /** Every datastore the session may see, as documents for SCHED_DS_REQUIREMENTS. */
    List<ObjectDocument> datastorePool() throws OneRefusal, OneCallFailure {
        return client.callForDocument(
                "one.datastorepool.info", PoolDocuments::datastores, ALL_RESOURCES, WHOLE_POOL, WHOLE_POOL);
    }

    /** Every cluster, as documents by id: their TEMPLATE is what a host's requirements fall back on. */
    Map<Integer, ObjectDocument> clusterPool() throws OneRefusal, OneCallFailure {
        return client.callForDocument(
                "one.clusterpool.info", PoolDocuments::clusters, ALL_RESOURCES, WHOLE_POOL, WHOLE_POOL);
    }

    List<VmRecord> vmPool() throws OneRefusal, OneCallFailure {
        return client.callForDocument(
                "one.vmpool.infoextended",
                vmParser::parsePool,
                ALL_RESOURCES,
                WHOLE_POOL,
                WHOLE_POOL,
                ANY_STATE_BUT_DONE);
    }

    Map<Integer, MonitoringSample> vmMonitoring() throws OneRefusal, OneCallFailure {
        return client.callForDocument("one.vmpool.monitoring", MonitoringParser.VMS::parse, ALL_RESOURCES, LAST_SAMPLE);
    }

    /** The clusters, their hosts and their OneDRS automation: for {@link OneDrsWatch}. */
    List<OneDrsWatch.Cluster> drsClusters() throws OneRefusal, OneCallFailure {
        return client.callForDocument("one.clusterpool.info", OneDrsWatch::parse);
    }

    VmRecord vm(int vmId) throws OneRefusal, OneCallFailure {
        return client.callForDocument("one.vm.info", vmParser::parseOne, vmId);
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
            client.call("one.vm.deploy", call.vmId(), call.hostId(), ENFORCE_CAPACITY, call.datastoreId());
        } else {
            client.call("one.vm.action", call.action(), call.vmId());
        }
    }

    @Override
    public String toString() {
        return "OneApi[" + client + "]";
    }
}
