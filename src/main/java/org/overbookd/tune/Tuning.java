package org.overbookd.tune;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.overbookd.backend.simulated.RecordedWorkload;
import org.overbookd.config.Option;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.io.InputException;
import org.overbookd.sim.overbooking.SimResult;
import org.overbookd.sweep.SweepGrid;
import org.overbookd.sweep.SweepRunner;

/**
 * Replays a record under every configuration of a grid, once per seed of the low-QoS workload, and
 * once more without overbooking (the baseline). Every run lasts the record's replay span; the seeds
 * are {@code sim.seed}, {@code sim.seed + 1}... Runs go to a {@link SweepRunner}, so the results do
 * not depend on the thread count.
 */
public final class Tuning {

    private static final List<Option<?>> SHOWN =
            List.of(Options.SLOTS, Options.UPPER_BOUND, Options.LOWER_BOUND, Options.SIM_SEED);

    private final RecordedWorkload record;
    private final int seeds;
    private final int heldOut;

    /**
     * @param seeds   the seeds each configuration is judged on
     * @param heldOut the seeds a chosen configuration is checked on before it is recommended: the
     *                next ones after those, which chose nothing
     */
    public Tuning(RecordedWorkload record, int seeds, int heldOut) {
        if (seeds < 1 || heldOut < 1) {
            throw new IllegalArgumentException("seeds and held-out seeds must be >= 1");
        }
        this.record = record;
        this.seeds = seeds;
        this.heldOut = heldOut;
    }

    /** The seeds of a base configuration's replays. */
    public List<Long> seeds(Settings base) {
        return seeds(base.get(Options.SIM_SEED), seeds);
    }

    /** The seeds a configuration is checked on before it is recommended: after {@link #seeds}, none of them. */
    public List<Long> heldOutSeeds(Settings base) {
        return seeds(base.get(Options.SIM_SEED) + seeds, heldOut);
    }

    private static List<Long> seeds(long first, int count) {
        List<Long> list = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            list.add(first + k);
        }
        return list;
    }

    /**
     * {@code config} replayed with the held-out seeds: its metrics over seeds that did not choose it.
     * The same configuration and record give the same result whatever the runner's thread count.
     */
    public TunedConfig heldOut(TunedConfig config, Settings base, SweepRunner runner)
            throws InputException, InterruptedException {
        List<Long> seedList = heldOutSeeds(base);
        List<Settings> runs = new ArrayList<>(seedList.size());
        for (long seed : seedList) {
            runs.add(replaySettings(config.settings(), seed));
        }
        return new TunedConfig(
                config.position(),
                config.settings(),
                seedList,
                replay(runs, runner),
                record.hosts().size(),
                record.replaySeconds());
    }

    /** The settings a replay runs with: the record's span, the seed. */
    public Settings replaySettings(Settings config, long seed) throws InputException {
        long seconds = record.replaySeconds();
        if (seconds < 60) {
            throw new InputException(record.facts().files().get(0) + ": the record spans " + seconds
                    + " s; tune needs at least a minute (and a week to mean much)");
        }
        return config.with(Options.SIM_DURATION, Duration.ofSeconds(seconds))
                .with(Options.SIM_SEED, seed)
                .with(Options.SIM_TRACE_FILE, "");
    }

    /** The configurations replayed: the baseline (base with 0 slots), then the grid's, in order. */
    private static List<Settings> configs(Settings base, SweepGrid grid) {
        List<Settings> configs = new ArrayList<>();
        configs.add(base.with(Options.SLOTS, 0));
        configs.addAll(grid.runs());
        return configs;
    }

    /** Every replay, in run order: each configuration's seeds in turn, the baseline's first. */
    public List<Settings> runs(Settings base, SweepGrid grid) throws InputException {
        List<Long> seedList = seeds(base);
        List<Settings> runs = new ArrayList<>();
        for (Settings config : configs(base, grid)) {
            for (long seed : seedList) {
                runs.add(replaySettings(config, seed));
            }
        }
        return runs;
    }

    /** Replays {@code runs} (all of {@link #runs} or a shard's slice of them); results in their order. */
    public List<SimResult> replay(List<Settings> runs, SweepRunner runner) throws InterruptedException {
        return runner.run(runs, SHOWN, record);
    }

    /**
     * @param results one per run of {@link #runs}, in run order
     * @return the baseline first, then one {@link TunedConfig} per configuration of {@code grid}, in grid order
     */
    public List<TunedConfig> tuned(Settings base, SweepGrid grid, List<SimResult> results) {
        List<Settings> configs = configs(base, grid);
        List<Long> seedList = seeds(base);
        List<TunedConfig> tuned = new ArrayList<>(configs.size());
        for (int c = 0; c < configs.size(); c++) {
            tuned.add(new TunedConfig(
                    c - 1,
                    configs.get(c),
                    seedList,
                    results.subList(c * seeds, (c + 1) * seeds),
                    record.hosts().size(),
                    record.replaySeconds()));
        }
        return tuned;
    }
}
