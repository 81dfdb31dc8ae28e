package org.overbookd.backend.opennebula;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A VM of the fake oned, or of a generated pool, with the fields the documents need. */
final class FakeVm {

    /** One stay on a host, as a HISTORY record. */
    static final class Stay {
        final int seq;
        final int hostId;
        final String hostName;
        final long stime;
        /** The system datastore of the stay (DS_ID). */
        int datastoreId;

        long etime;
        /** When the VM started and stopped running in this record (RSTIME, RETIME); 0 if it did not. */
        long rstime;

        long retime;

        Stay(int seq, int hostId, String hostName, long stime) {
            this.seq = seq;
            this.hostId = hostId;
            this.hostName = hostName;
            this.stime = stime;
        }
    }

    final int id;
    String name;
    int state = OneVmStates.HOLD;
    int lcmState = OneVmStates.LCM_INIT;
    int prevState = OneVmStates.HOLD;
    int prevLcmState = OneVmStates.LCM_INIT;
    long stime;
    final Map<String, String> userTemplate = new LinkedHashMap<>();
    /** Attributes of TEMPLATE beyond CPU and MEMORY, as oned sets them (AUTOMATIC_REQUIREMENTS, ...). */
    final Map<String, String> template = new LinkedHashMap<>();

    final List<Stay> history = new ArrayList<>();
    /** VM/MONITORING/CPU; null when the VM has no monitoring record. */
    Double cpu;
    /** MONITORING/CPU_FORECAST as given; null: the probe gave none. */
    String cpuForecast;
    /** TEMPLATE/VCPU as oned writes it; null when the template has none. */
    String vcpu;
    /** Locked by an administrator (onevm lock): oned refuses every action on it with 0x200. */
    boolean locked;
    /** The (STATE, LCM_STATE) pairs the next ticks move the VM through. */
    final Deque<int[]> pending = new ArrayDeque<>();

    FakeVm(int id, String name, long stime) {
        this.id = id;
        this.name = name;
        this.stime = stime;
    }

    FakeVm attribute(String name, String value) {
        userTemplate.put(name, value);
        return this;
    }

    /** The template's VCPU, as its owner wrote it. */
    FakeVm vcpu(String value) {
        this.vcpu = value;
        return this;
    }

    FakeVm templateAttribute(String name, String value) {
        template.put(name, value);
        return this;
    }

    FakeVm low() {
        return attribute("QOS", "LOW");
    }

    FakeVm state(int state, int lcmState) {
        this.prevState = this.state;
        this.prevLcmState = this.lcmState;
        this.state = state;
        this.lcmState = lcmState;
        return this;
    }

    /** Adds a stay on {@code host} that began at {@code since}. */
    FakeVm stay(FakeHost host, long since) {
        history.add(new Stay(history.size(), host.id, host.name, since));
        return this;
    }

    FakeVm runningOn(FakeHost host, long since) {
        stay(host, since).lastStay().rstime = since;
        return state(OneVmStates.ACTIVE, OneVmStates.RUNNING);
    }

    FakeVm cpu(Double cpu) {
        this.cpu = cpu;
        return this;
    }

    /** MONITORING/CPU_FORECAST, the prediction probe's, as a decimal; null: none. */
    FakeVm cpuForecast(String forecast) {
        this.cpuForecast = forecast;
        return this;
    }

    Stay lastStay() {
        return history.isEmpty() ? null : history.get(history.size() - 1);
    }

    int hostId() {
        Stay last = lastStay();
        return last == null ? -1 : last.hostId;
    }
}
