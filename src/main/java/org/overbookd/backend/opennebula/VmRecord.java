package org.overbookd.backend.opennebula;

import org.overbookd.model.QosClass;
import org.overbookd.model.VmSize;

/**
 * One VM of {@code one.vmpool.infoextended} or {@code one.vm.info}, reduced to what overbookd uses.
 *
 * @param state       VM/STATE, see {@link OneVmStates}
 * @param lcmState    VM/LCM_STATE, meaningful inside ACTIVE
 * @param stime       VM/STIME: when the VM was created, seconds since the epoch
 * @param qosValue    the value of the configured QoS USER_TEMPLATE attribute, or null if the VM has none
 * @param lastHistory the HISTORY record with the highest SEQ, or null if the VM was never placed
 * @param sloValue    the value of the configured SLO USER_TEMPLATE attribute, or null
 * @param runTimes    the running stretches of the HISTORY records the document carried
 * @param size        TEMPLATE/CPU and TEMPLATE/MEMORY
 * @param vcpus       TEMPLATE/VCPU, the VM's virtual CPUs; 0 when the template does not say (the driver's
 *                    default then applies, which overbookd does not know) or says what is no count
 * @param requirements where it asks to run
 */
record VmRecord(
        int id,
        String name,
        int state,
        int lcmState,
        long stime,
        String qosValue,
        History lastHistory,
        String sloValue,
        RunTimes runTimes,
        VmSize size,
        int vcpus,
        Requirements requirements) {

    /** The value of the QoS attribute that makes a VM low-QoS. */
    static final String LOW = "LOW";

    /** A VM as the policy's first version knew it: no SLO, size, requirements or run times beyond the last record. */
    VmRecord(int id, String name, int state, int lcmState, long stime, String qosValue, History lastHistory) {
        this(
                id,
                name,
                state,
                lcmState,
                stime,
                qosValue,
                lastHistory,
                null,
                RunTimes.of(lastHistory),
                VmSize.UNKNOWN,
                0,
                Requirements.NONE);
    }

    VmRecord(
            int id,
            String name,
            int state,
            int lcmState,
            long stime,
            String qosValue,
            History lastHistory,
            String sloValue,
            RunTimes runTimes,
            VmSize size) {
        this(id, name, state, lcmState, stime, qosValue, lastHistory, sloValue, runTimes, size, 0, Requirements.NONE);
    }

    /**
     * One stay on a host, or since OpenNebula 5 one stretch of it between two actions.
     *
     * @param stime  when the record began, seconds since the epoch
     * @param rstime when the VM started running in it (RSTIME), 0 if it did not
     * @param retime when it stopped running (RETIME), 0 if it did not (yet)
     * @param datastoreId the system datastore of the stay (DS_ID), -1 if not said
     */
    record History(int seq, int hostId, String hostName, long stime, long rstime, long retime, int datastoreId) {

        History(int seq, int hostId, String hostName, long stime) {
            this(seq, hostId, hostName, stime, 0, 0, -1);
        }

        History(int seq, int hostId, String hostName, long stime, long rstime, long retime) {
            this(seq, hostId, hostName, stime, rstime, retime, -1);
        }

        /** Seconds run in this record when it is closed, else 0. */
        long closedRunSeconds() {
            return rstime > 0 && retime >= rstime ? retime - rstime : 0;
        }

        boolean runningOpen() {
            return rstime > 0 && retime == 0;
        }
    }

    /**
     * Low-QoS iff the attribute says {@code LOW} (any case); every other VM, including one without
     * the attribute, is high-QoS, so a typo protects a VM rather than exposing it.
     */
    QosClass qos() {
        // equalsIgnoreCase, not toUpperCase().equals: the same answer for "LOW" (no other character upper- or
        // lower-cases to L, O or W), without a string per call; the assembler asks once or twice per VM
        return qosValue != null && qosValue.strip().equalsIgnoreCase(LOW) ? QosClass.LOW : QosClass.HIGH;
    }

    /** The host of the last stay, or -1 if the VM was never placed. */
    int lastHostId() {
        return lastHistory == null ? -1 : lastHistory.hostId();
    }

    /** This record with the run times of a document that carried every HISTORY record. */
    VmRecord withRunTimes(RunTimes complete) {
        return new VmRecord(
                id, name, state, lcmState, stime, qosValue, lastHistory, sloValue, complete, size, vcpus, requirements);
    }
}
