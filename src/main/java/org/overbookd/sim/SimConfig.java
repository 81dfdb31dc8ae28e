package org.overbookd.sim;

import java.time.Instant;

/**
 * Everything the simulated cluster needs, in seconds. Simulated time starts on Monday
 * 2024-01-01T00:00:00Z so that audit records carry real-looking dates and the business pattern's
 * week starts with the run. The settings are bound to one in config (SimBindings).
 */
public record SimConfig(
        int nodes,
        int coresPerNode,
        long durationSeconds,
        long seed,
        long operationCostSeconds,
        double operationLoad,
        long loadIntervalSeconds,
        long stepIntervalSeconds,
        Workload workload,
        RecordedWorkload recorded) {

    public static final Instant START = Instant.parse("2024-01-01T00:00:00Z");

    /** The number of hosts actually simulated. */
    public int hostCount() {
        return recorded == null ? nodes : recorded.hosts().size();
    }

    /** Total cores of the simulated cluster. */
    public long totalCores() {
        return recorded == null ? (long) nodes * coresPerNode
                : recorded.hosts().stream().mapToLong(RecordedWorkload.Host::cores).sum();
    }
}
