package org.overbookd.sim.overbooking;

import java.time.Instant;
import org.overbookd.backend.simulated.WorldSpec;

/**
 * A run of the simulated cluster: the world it runs, how long, and how often the overbooking step
 * runs, in seconds. Simulated time starts on Monday 2024-01-01T00:00:00Z so that audit records
 * carry real-looking dates and the business pattern's week starts with the run. The settings are
 * bound to one in config (SimBindings).
 */
public record SimConfig(WorldSpec world, long durationSeconds, long stepIntervalSeconds) {

    public static final Instant START = Instant.parse("2024-01-01T00:00:00Z");

    /** The number of hosts actually simulated. */
    public int hostCount() {
        return world.hostCount();
    }

    /** Total cores of the simulated cluster. */
    public long totalCores() {
        return world.totalCores();
    }
}
