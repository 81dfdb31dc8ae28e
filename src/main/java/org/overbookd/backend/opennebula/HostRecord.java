package org.overbookd.backend.opennebula;

/**
 * One HOST of {@code one.hostpool.info}, reduced to what overbookd uses.
 *
 * @param state  HOST/STATE, see {@link OneHostStates}
 * @param maxCpu HOST/HOST_SHARE/MAX_CPU: the host's capacity in percent of one core (cores x 100)
 */
record HostRecord(int id, String name, int state, int maxCpu) {
}
