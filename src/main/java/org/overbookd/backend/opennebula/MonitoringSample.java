package org.overbookd.backend.opennebula;

/**
 * The latest CPU figure of one host or VM from a {@code *.monitoring} call.
 *
 * @param id        host or VM id
 * @param timestamp MONITORING/TIMESTAMP, seconds since the epoch
 * @param cpu       percent of one core (100 = one full core): CAPACITY/USED_CPU for a host, CPU for a VM
 */
record MonitoringSample(int id, long timestamp, double cpu) {
}
