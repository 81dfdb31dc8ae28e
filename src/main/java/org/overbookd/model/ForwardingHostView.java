package org.overbookd.model;

import java.time.Instant;
import java.util.List;

/**
 * A host view that answers every question with the host it wraps: the base of views that change
 * one answer (the utilization the bounds judge, the history a guard counts) and keep the rest.
 */
public abstract class ForwardingHostView implements HostView {

    private final HostView host;

    protected ForwardingHostView(HostView host) {
        this.host = host;
    }

    @Override
    public int id() {
        return host.id();
    }

    @Override
    public String name() {
        return host.name();
    }

    @Override
    public int cores() {
        return host.cores();
    }

    @Override
    public double utilization() {
        return host.utilization();
    }

    @Override
    public double forecastUtilization() {
        return host.forecastUtilization();
    }

    @Override
    public List<? extends VmView> overbooked() {
        return host.overbooked();
    }

    @Override
    public boolean operationInFlight() {
        return host.operationInFlight();
    }

    @Override
    public List<? extends VmView> vms() {
        return host.vms();
    }

    @Override
    public long freeMemoryMb() {
        return host.freeMemoryMb();
    }

    @Override
    public int actionsSince(Instant since) {
        return host.actionsSince(since);
    }
}
