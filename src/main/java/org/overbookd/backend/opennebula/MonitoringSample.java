package org.overbookd.backend.opennebula;

/**
 * The latest CPU figure of one host or VM from a {@code *.monitoring} call, with OpenNebula's
 * short-term forecast of it when the sample carries one.
 *
 * @param id        host or VM id
 * @param timestamp MONITORING/TIMESTAMP, seconds since the epoch
 * @param cpu       percent of one core (100 = one full core): CAPACITY/USED_CPU for a host, CPU for a VM
 * @param forecast  the same figure as OpenNebula's prediction probe forecasts it one period ahead
 *                  (CAPACITY/USED_CPU_FORECAST for a host, CPU_FORECAST for a VM), NaN when absent
 */
record MonitoringSample(int id, long timestamp, double cpu, double forecast) {

    /** A sample without a forecast. */
    MonitoringSample(int id, long timestamp, double cpu) {
        this(id, timestamp, cpu, Double.NaN);
    }
}
