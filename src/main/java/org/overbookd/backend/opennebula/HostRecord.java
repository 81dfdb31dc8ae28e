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
 * @param clusterId HOST/CLUSTER_ID, -1 when missing (a host in no cluster reaches no system datastore)
 */
record HostRecord(int id, String name, int state, int totalCpu, long freeMemoryMb, int clusterId) {

    /** A host of cluster 0, OpenNebula's default. */
    HostRecord(int id, String name, int state, int totalCpu) {
        this(id, name, state, totalCpu, Long.MAX_VALUE, 0);
    }

    HostRecord(int id, String name, int state, int totalCpu, long freeMemoryMb) {
        this(id, name, state, totalCpu, freeMemoryMb, 0);
    }
}
