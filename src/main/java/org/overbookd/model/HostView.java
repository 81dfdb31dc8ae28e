package org.overbookd.model;

import java.time.Instant;
import java.util.List;

/** A read-only view of one host (a cluster node). */
public interface HostView {
    int id();

    String name();

    int cores();

    /**
     * Measured utilization in percent of the host's physical CPU: its busy CPU (in percent of one
     * core) divided by its number of cores. On an octacore host one fully busy core adds 12.5
     * points. In the simulator the busy CPU is the sum of the CPU loads of every VM on the host; on
     * OpenNebula it is the monitoring probe's USED_CPU, which counts everything running on the
     * host, VMs included, over TOTAL_CPU (cores x 100) whatever RESERVED_CPU says: the same quantity
     * when only VMs use the host's CPU. Overbooked VMs are included, so the value can exceed 100
     * when demand is above what the host can deliver.
     */
    double utilization();

    /**
     * The low-QoS VMs that occupy an overbooking slot on this host (booting, running, being
     * suspended or resumed), oldest placement first: the last element is the one added last.
     */
    List<? extends VmView> overbooked();

    /** True while any VM on this host is in a transient state (boot, suspend, resume, shutdown). */
    boolean operationInFlight();

    /**
     * Every VM on this host, high-QoS ones included, for recording measured loads. Policies have
     * no use for it: they act only on {@link #overbooked()}.
     */
    default List<? extends VmView> vms() {
        return overbooked();
    }

    /**
     * The VIM's short-term forecast of {@link #utilization()}, in the same percent, or NaN when it has
     * none: on OpenNebula the host monitoring's USED_CPU_FORECAST over TOTAL_CPU (its prediction probe's
     * forecast for the next period, 5 minutes by default), in the simulator what OpenNebula's default
     * model forecasts from the host's own utilization samples. A policy may act on it instead of, or
     * blended with, the measurement.
     */
    default double forecastUtilization() {
        return Double.NaN;
    }

    /**
     * How many of overbookd's own actions (deploy, resume, suspend) were enacted on this host at or
     * after {@code since}, as far as the backend's history reaches back (a day): what a cap on the
     * actions per host counts. The default keeps no history: none.
     */
    default int actionsSince(Instant since) {
        return 0;
    }

    /**
     * Memory not yet allocated to VMs, in MiB, or {@link Long#MAX_VALUE} when the VIM does not say.
     * Memory, unlike CPU, is not overbooked: a VM that does not fit it does not go there.
     */
    default long freeMemoryMb() {
        return Long.MAX_VALUE;
    }
}
