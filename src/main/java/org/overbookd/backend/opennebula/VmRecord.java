package org.overbookd.backend.opennebula;

import java.util.Locale;
import org.overbookd.model.QosClass;

/**
 * One VM of {@code one.vmpool.infoextended} or {@code one.vm.info}, reduced to what overbookd uses.
 *
 * @param state       VM/STATE, see {@link OneVmStates}
 * @param lcmState    VM/LCM_STATE, meaningful inside ACTIVE
 * @param stime       VM/STIME: when the VM was created, seconds since the epoch
 * @param qosValue    the value of the configured USER_TEMPLATE attribute, or null if the VM has none
 * @param lastHistory the HISTORY record with the highest SEQ, or null if the VM was never placed
 */
record VmRecord(int id, String name, int state, int lcmState, long stime, String qosValue, History lastHistory) {

    /** The value of the QoS attribute that makes a VM low-QoS. */
    static final String LOW = "LOW";

    /**
     * One stay on a host.
     *
     * @param stime when the stay began, seconds since the epoch
     */
    record History(int seq, int hostId, String hostName, long stime) {
    }

    /**
     * Low-QoS iff the attribute says {@code LOW} (any case); every other VM, including one without
     * the attribute, is high-QoS, so a typo protects a VM rather than exposing it.
     */
    QosClass qos() {
        return qosValue != null && qosValue.strip().toUpperCase(Locale.ROOT).equals(LOW) ? QosClass.LOW : QosClass.HIGH;
    }

    /** The host of the last stay, or -1 if the VM was never placed. */
    int lastHostId() {
        return lastHistory == null ? -1 : lastHistory.hostId();
    }
}
