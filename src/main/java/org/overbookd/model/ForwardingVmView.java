package org.overbookd.model;

import java.time.Instant;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * A VM view that answers every question with the VM it wraps: the base of views that change one
 * answer (how often a guard's history says it was suspended) and keep the rest, as
 * {@link ForwardingHostView} is for hosts.
 */
public abstract class ForwardingVmView implements VmView {

    private final VmView vm;

    protected ForwardingVmView(VmView vm) {
        this.vm = vm;
    }

    @Override
    public long id() {
        return vm.id();
    }

    @Override
    public String name() {
        return vm.name();
    }

    @Override
    public QosClass qos() {
        return vm.qos();
    }

    @Override
    public VmState state() {
        return vm.state();
    }

    @Override
    public Instant firstArrival() {
        return vm.firstArrival();
    }

    @Override
    public Instant placedAt() {
        return vm.placedAt();
    }

    @Override
    public int suspensionsSince(Instant since) {
        return vm.suspensionsSince(since);
    }

    @Override
    public OptionalInt pinnedHost() {
        return vm.pinnedHost();
    }

    @Override
    public double load() {
        return vm.load();
    }

    @Override
    public double forecastLoad() {
        return vm.forecastLoad();
    }

    @Override
    public RunRecord runRecord() {
        return vm.runRecord();
    }

    @Override
    public OptionalDouble slo() {
        return vm.slo();
    }

    @Override
    public VmSize size() {
        return vm.size();
    }

    @Override
    public int vcpus() {
        return vm.vcpus();
    }

    @Override
    public boolean mayRunOn(HostView host) {
        return vm.mayRunOn(host);
    }
}
