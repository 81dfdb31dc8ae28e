package org.overbookd.sim;

import java.time.Instant;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.sim.load.BusinessCurve;
import org.overbookd.sim.load.SpikeModel;

/**
 * Everything the simulated cluster needs, in seconds. Simulated time starts on Monday
 * 2024-01-01T00:00:00Z so that audit records carry real-looking dates and the business pattern's
 * week starts with the run.
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

    /** The synthetic workload of the settings (sim.trace-file is not read here; see {@link #load}). */
    public static SimConfig from(Settings s) {
        return from(s, null);
    }

    /** The workload of the settings, reading sim.trace-file when it is set. */
    public static SimConfig load(Settings s) throws InputException {
        String trace = s.get(Options.SIM_TRACE_FILE);
        return from(s, trace.isEmpty() ? null : RecordedWorkload.read(java.nio.file.Path.of(trace)));
    }

    /**
     * @param recorded a recorded cluster whose hosts and high-QoS loads replace the synthetic ones
     *                 (sim.nodes and sim.cores-per-node are then unused), or null
     */
    public static SimConfig from(Settings s, RecordedWorkload recorded) {
        Workload workload = new Workload(
                s.get(Options.SIM_HIGH_MU_MEAN),
                s.get(Options.SIM_HIGH_MU_SD),
                s.get(Options.SIM_NOISY_SD),
                s.get(Options.SIM_SPIKY_SD),
                new SpikeModel(s.get(Options.SIM_SPIKE_P), s.get(Options.SIM_SPIKE_UP_P),
                        s.get(Options.SIM_SPIKE_CONTINUE_P), s.get(Options.SIM_SPIKE_HEIGHT)),
                new BusinessCurve(s.get(Options.SIM_BUSINESS_MIN), s.get(Options.SIM_BUSINESS_MAX),
                        s.get(Options.SIM_BUSINESS_LUNCH_DIP)),
                s.get(Options.SIM_BUSINESS_SD),
                s.get(Options.SIM_LOW_MU),
                new GeometricRuntime(s.get(Options.SIM_RUNTIME_UNIT).toSeconds(), s.get(Options.SIM_HIGH_RUNTIME_P)),
                new GeometricRuntime(s.get(Options.SIM_RUNTIME_UNIT).toSeconds(), s.get(Options.SIM_LOW_RUNTIME_P)),
                s.get(Options.SIM_LOW_SIZES));
        return new SimConfig(
                s.get(Options.SIM_NODES),
                s.get(Options.SIM_CORES),
                s.get(Options.SIM_DURATION).toSeconds(),
                s.get(Options.SIM_SEED),
                s.get(Options.SIM_OP_COST).toSeconds(),
                s.get(Options.SIM_OP_LOAD),
                s.get(Options.SIM_LOAD_INTERVAL).toSeconds(),
                s.get(Options.OVERBOOKING_INTERVAL).toSeconds(),
                workload,
                recorded);
    }
}
