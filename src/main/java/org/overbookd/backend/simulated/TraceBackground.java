package org.overbookd.backend.simulated;

/**
 * What a replayed record's hosts carry besides the simulator's own low-QoS VMs
 * ({@link RecordedWorkload}).
 */
public enum TraceBackground {
    /**
     * Each recorded high-QoS VM's CPU, one slot of the host per VM (or lane of VMs): the load a
     * cluster's high-QoS VMs asked for, as the VIM measured each of them.
     */
    HIGH_QOS,
    /**
     * One load per host: its own recorded utilization less the CPU of the low-QoS VMs recorded on it,
     * placed as much earlier as the monitoring lag. What the host's own samples measured of everything
     * but overbookd's VMs (high-QoS VMs and the hypervisor's own overhead), as the daemon read it; on
     * OpenNebula the per-VM figure trails the host's sample by a VM probe period, so a replay of the
     * per-VM figures sees a peak later than the daemon did.
     */
    HOST
}
