package org.overbookd.backend.opennebula;

/**
 * One HOST of {@code one.hostpool.info}, reduced to what overbookd uses.
 *
 * @param state  HOST/STATE, see {@link OneHostStates}
 * @param maxCpu HOST/HOST_SHARE/MAX_CPU: the host's capacity in percent of one core (cores x 100)
 * @param freeMemoryMb HOST_SHARE/MAX_MEM less MEM_USAGE (memory allocated to VMs), in MiB, as
 *                     OpenNebula's own scheduler counts it; {@link Long#MAX_VALUE} when either is missing
 */
record HostRecord(int id, String name, int state, int maxCpu, long freeMemoryMb) {

    HostRecord(int id, String name, int state, int maxCpu) {
        this(id, name, state, maxCpu, Long.MAX_VALUE);
    }
}
