package org.overbookd.backend.simulated;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.overbookd.model.HostView;
import org.overbookd.model.VmState;

/**
 * A simulated node. Keeps its demand (sum of VM loads, in percent of one core) current and
 * integrates the CPU it delivers over time lazily, at each change, so the mean utilization is exact
 * without sampling.
 */
final class SimHost implements HostView {

    final int id;
    private final String name;
    final int cores;
    /** One high-QoS VM per core. */
    final SimVm[] high;
    /** Low-QoS VMs holding an overbooking slot, in the order they were placed. */
    final ArrayList<SimVm> low = new ArrayList<>(4);
    private final List<SimVm> lowView = Collections.unmodifiableList(low);

    /** VMs on this host in a transient state, whatever their QoS. */
    int opsInFlight;
    /** Sum of the loads of the VMs on this host, percent of one core. */
    double demand;
    private long integratedUntil;
    /** Integral over time of min(demand, capacity), in percent-of-core seconds. */
    private double deliveredIntegral;

    SimHost(int id, int cores) {
        this(id, Integer.toString(id), cores, cores);
    }

    /** A host with its own name and as many high-QoS VMs as were recorded on it. */
    SimHost(int id, String name, int cores, int highVms) {
        this.id = id;
        this.name = name;
        this.cores = cores;
        this.high = new SimVm[highVms];
    }

    /** Accounts for the CPU delivered since the last change, up to {@code now}. */
    void advance(long now) {
        double capacity = cores * 100.0;
        deliveredIntegral += Math.min(demand, capacity) * (now - integratedUntil);
        integratedUntil = now;
    }

    /**
     * The CPU delivered up to {@code now}, without accounting for it: the same sum {@link #advance}
     * would leave, bit for bit.
     */
    double deliveredUntil(long now) {
        double capacity = cores * 100.0;
        return deliveredIntegral + Math.min(demand, capacity) * (now - integratedUntil);
    }

    /** Recomputes the demand from the VMs; call {@link #advance} first. */
    void recompute(double operationLoad) {
        double sum = operationLoad * opsInFlight;
        for (SimVm vm : high) {
            if (vm.state == VmState.RUNNING) {
                sum += vm.load;
            }
        }
        for (int i = 0, n = low.size(); i < n; i++) {
            SimVm vm = low.get(i);
            if (vm.state == VmState.RUNNING) {
                sum += vm.load;
            }
        }
        demand = sum;
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int cores() {
        return cores;
    }

    @Override
    public double utilization() {
        return demand / cores;
    }

    @Override
    public List<SimVm> overbooked() {
        return lowView;
    }

    @Override
    public List<SimVm> vms() {
        List<SimVm> all = new ArrayList<>(high.length + low.size());
        all.addAll(java.util.Arrays.asList(high));
        all.addAll(low);
        return all;
    }

    @Override
    public boolean operationInFlight() {
        return opsInFlight > 0;
    }
}
