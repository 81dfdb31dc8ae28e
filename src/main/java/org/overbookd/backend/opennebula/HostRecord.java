package org.overbookd.backend.opennebula;

/**
 * One HOST of {@code one.hostpool.info}, reduced to what overbookd uses.
 *
 * @param state  HOST/STATE, see {@link OneHostStates}
 * @param totalCpu HOST/HOST_SHARE/TOTAL_CPU: the host's physical CPU in percent of one core (cores x 100),
 *                 whatever RESERVED_CPU says (MAX_CPU is TOTAL_CPU less RESERVED_CPU, and an administrator
 *                 who overcommits makes it larger than the host)
 * @param freeMemoryMb HOST_SHARE/MAX_MEM less MEM_USAGE (memory allocated to VMs), in MiB, as
 *                     OpenNebula's own scheduler counts it; {@link Long#MAX_VALUE} when either is missing
 */
record HostRecord(int id, String name, int state, int totalCpu, long freeMemoryMb) {

    HostRecord(int id, String name, int state, int totalCpu) {
        this(id, name, state, totalCpu, Long.MAX_VALUE);
    }
}
