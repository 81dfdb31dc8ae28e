package org.overbookd.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.overbookd.backend.simulated.ForecastSpec;
import org.overbookd.backend.simulated.GeometricRuntime;
import org.overbookd.backend.simulated.RecordedWorkload;
import org.overbookd.backend.simulated.SyntheticWorkload;
import org.overbookd.backend.simulated.TraceBackground;
import org.overbookd.backend.simulated.WorldSpec;
import org.overbookd.backend.simulated.load.BusinessCurve;
import org.overbookd.backend.simulated.load.SpikeModel;
import org.overbookd.io.InputException;
import org.overbookd.io.Provenance;
import org.overbookd.policy.overbooking.UtilizationSource;
import org.overbookd.sim.overbooking.SimConfig;
import org.overbookd.sim.overbooking.SimResult;
import org.overbookd.sim.overbooking.SummaryTable;

/**
 * Turns validated settings into what the simulated cluster of Verboven et al. runs on and into the
 * parameter columns of its summary, the same way for {@code simulate}, {@code sweep} and the
 * daemon's simulated backend. It lives here, not in sim, so that the simulator does not depend on
 * how settings are read.
 */
public final class SimBindings {

    private SimBindings() {}

    /** The synthetic workload of the settings (sim.trace-file is not read here; see {@link #loadSimConfig}). */
    public static SimConfig simConfig(Settings s) {
        return simConfig(s, null);
    }

    /** The workload of the settings, reading sim.trace-file when it is set. */
    public static SimConfig loadSimConfig(Settings s) throws InputException {
        String trace = s.get(Options.SIM_TRACE_FILE);
        return simConfig(s, trace.isEmpty() ? null : readTrace(s));
    }

    /** The record sim.trace-file names, read as sim.trace-background says ({@link #readTrace(List, Settings)}). */
    public static RecordedWorkload readTrace(Settings s) throws InputException {
        return readTrace(List.of(Path.of(s.get(Options.SIM_TRACE_FILE))), s);
    }

    /**
     * The records at {@code files}, their hosts carrying what sim.trace-background says: their
     * high-QoS VMs, or their own measurement less sim.low-qos.mu for each low-QoS VM recorded running,
     * moved earlier by sim.monitoring-lag ({@link RecordedWorkload#readHostLoads}).
     */
    public static RecordedWorkload readTrace(List<Path> files, Settings s) throws InputException {
        return s.get(Options.SIM_TRACE_BACKGROUND) == TraceBackground.HOST
                ? RecordedWorkload.readHostLoads(
                        files, s.get(Options.SIM_MONITORING_LAG).toSeconds(), s.get(Options.SIM_LOW_MU))
                : RecordedWorkload.read(files);
    }

    /** What {@link #readTrace(Settings)} reads depends on: the same key, the same replay. */
    public static String traceKey(Settings s) {
        return s.get(Options.SIM_TRACE_FILE)
                + (s.get(Options.SIM_TRACE_BACKGROUND) == TraceBackground.HOST
                        ? "\nhost\n" + s.get(Options.SIM_MONITORING_LAG).toSeconds() + "\n" + s.get(Options.SIM_LOW_MU)
                        : "");
    }

    /**
     * @param recorded a recorded cluster whose hosts and high-QoS loads replace the synthetic ones
     *                 (sim.nodes and sim.cores-per-node are then unused), or null
     */
    public static SimConfig simConfig(Settings s, RecordedWorkload recorded) {
        SyntheticWorkload workload = new SyntheticWorkload(
                s.get(Options.SIM_HIGH_MU_MEAN),
                s.get(Options.SIM_HIGH_MU_SD),
                s.get(Options.SIM_NOISY_SD),
                s.get(Options.SIM_SPIKY_SD),
                new SpikeModel(
                        s.get(Options.SIM_SPIKE_P),
                        s.get(Options.SIM_SPIKE_UP_P),
                        s.get(Options.SIM_SPIKE_CONTINUE_P),
                        s.get(Options.SIM_SPIKE_HEIGHT)),
                new BusinessCurve(
                        s.get(Options.SIM_BUSINESS_MIN),
                        s.get(Options.SIM_BUSINESS_MAX),
                        s.get(Options.SIM_BUSINESS_LUNCH_DIP)),
                s.get(Options.SIM_BUSINESS_SD),
                s.get(Options.SIM_LOW_MU),
                new GeometricRuntime(s.get(Options.SIM_RUNTIME_UNIT).toSeconds(), s.get(Options.SIM_HIGH_RUNTIME_P)),
                new GeometricRuntime(s.get(Options.SIM_RUNTIME_UNIT).toSeconds(), s.get(Options.SIM_LOW_RUNTIME_P)),
                s.get(Options.SIM_LOW_SIZES),
                s.get(Options.SIM_HIGH_PATTERNS));
        WorldSpec world = new WorldSpec(
                s.get(Options.SIM_NODES),
                s.get(Options.SIM_CORES),
                s.get(Options.SIM_SEED),
                s.get(Options.SIM_OP_COST).toSeconds(),
                s.get(Options.SIM_SUSPEND_COST)
                        .orElse(s.get(Options.SIM_OP_COST))
                        .toSeconds(),
                s.get(Options.SIM_RESUME_COST)
                        .orElse(s.get(Options.SIM_OP_COST))
                        .toSeconds(),
                s.get(Options.SIM_MONITORING_LAG).toSeconds(),
                s.get(Options.SIM_OP_LOAD),
                s.get(Options.SIM_LOAD_INTERVAL).toSeconds(),
                workload,
                recorded,
                forecast(s));
        return new SimConfig(
                world,
                s.get(Options.SIM_DURATION).toSeconds(),
                s.get(Options.OVERBOOKING_INTERVAL).toSeconds());
    }

    /**
     * The hosts' forecasts: none when the bounds judge the measurement alone (the paper's world keeps
     * no samples), else the look-back and period in overbooking steps, as OpenNebula's probe counts
     * them in monitoring periods (int(period / interval), at least one).
     */
    static ForecastSpec forecast(Settings s) {
        if (s.get(Options.UTILIZATION_SOURCE) == UtilizationSource.MEASURED) {
            return ForecastSpec.NONE;
        }
        long step = s.get(Options.OVERBOOKING_INTERVAL).toSeconds();
        long lookback = Math.max(1, s.get(Options.SIM_FORECAST_LOOKBACK).toSeconds() / step);
        long horizon = Math.max(1, s.get(Options.SIM_FORECAST_PERIOD).toSeconds() / step);
        return new ForecastSpec(
                (int) Math.min(lookback, 100_000), (int) Math.min(horizon, 100_000), s.get(Options.SIM_FORECAST_FROM));
    }

    /** The name of the synthetic workload of section 4.1 of Verboven et al., as result tables give it. */
    public static final String SYNTHETIC_WORKLOAD = "verboven-4.1";

    /**
     * What a run of these settings is computed on: the generator of Verboven et al.'s section 4.1, or
     * the record that sim.trace-file names, whose high-QoS loads were measured (the low-QoS queue is
     * the generator's in both).
     */
    public static Provenance provenance(Settings s) {
        String trace = s.get(Options.SIM_TRACE_FILE);
        return trace.isEmpty()
                ? Provenance.generated(SYNTHETIC_WORKLOAD, Provenance.Kind.SYNTHETIC)
                : Provenance.trace(Path.of(trace), Provenance.Demand.MEASURED);
    }

    /**
     * The columns of {@code summary.csv} and {@code sweep.csv}: upper, lower, slots, seed, then any extra
     * swept keys, then the metrics, then the workload's provenance.
     */
    public static List<String> summaryHeader(List<Option<?>> extraKeys) {
        List<String> header = new ArrayList<>(List.of("upper", "lower", "slots", "seed"));
        for (Option<?> option : extraKeys) {
            header.add(option.key());
        }
        header.addAll(SummaryTable.METRIC_COLUMNS);
        header.addAll(Provenance.COLUMNS);
        return header;
    }

    /** One run's row under {@link #summaryHeader}: its settings as written in a file, its metrics, its provenance. */
    public static List<String> summaryRow(Settings s, List<Option<?>> extraKeys, SimResult r) {
        List<String> row = new ArrayList<>(List.of(
                s.formatted(Options.UPPER_BOUND),
                s.formatted(Options.LOWER_BOUND),
                s.formatted(Options.SLOTS),
                s.formatted(Options.SIM_SEED)));
        for (Option<?> option : extraKeys) {
            row.add(s.formatted(option));
        }
        row.addAll(SummaryTable.metrics(r));
        row.addAll(provenance(s).cells());
        return row;
    }
}
