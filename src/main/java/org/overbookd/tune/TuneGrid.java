package org.overbookd.tune;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.config.ConfigException;
import org.overbookd.config.ConfigProblem;
import org.overbookd.config.Option;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;
import org.overbookd.sweep.SweepGrid;

/**
 * The configurations {@code tune} tries: a default grid of bounds and slots, or one read from a
 * file in the sweep grid format ({@code sweep.<key> = v1, v2, ...} and {@code sweep.min-window}).
 *
 * <p>The default grid is 42 configurations: 1 to 3 slots, upper bounds 80 to 95 by 5, lower bounds 50
 * to 80 by 10, windows (upper - lower) of at least 10 points. It brackets the paper's best settings
 * (upper 90-95, lower 70-80, 2-3 slots) and its safer ones, and is sized so that with 3 seeds a
 * week of 50 hosts replays within the 30 s goal on 2 cores (sim/bench.sh tune). Upper 100 is left out: a host then suspends only once it is
 * already degraded.
 */
public final class TuneGrid {

    /** The default grid, in the sweep grid format; the first key varies slowest. */
    public static final Map<String, String> DEFAULT;

    static {
        Map<String, String> grid = new LinkedHashMap<>();
        grid.put(SweepGrid.PREFIX + Options.SLOTS.key(), "1, 2, 3");
        grid.put(SweepGrid.PREFIX + Options.UPPER_BOUND.key(), "80, 85, 90, 95");
        grid.put(SweepGrid.PREFIX + Options.LOWER_BOUND.key(), "50, 60, 70, 80");
        grid.put(SweepGrid.MIN_WINDOW, "10");
        DEFAULT = java.util.Collections.unmodifiableMap(grid);
    }

    /**
     * What {@code --forecasts-and-guards} adds to a grid, unless the grid sweeps the key already: the
     * bounds judged on the measurement, an even blend (utilization.forecast-weight, 0.5 unless set)
     * and the forecast alone, that is forecast weights 0, 0.5 and 1; and the minimum run time before a
     * VM may be suspended again off and at 30 minutes. Six times the configurations, so six times the
     * replays; the per-VM cap of suspensions joins every replay through
     * {@code --max-suspends-per-vm-per-day}. They vary fastest: a row of bounds and slots is followed
     * by its variants.
     */
    public static final Map<String, String> FORECASTS_AND_GUARDS;

    static {
        Map<String, String> axes = new LinkedHashMap<>();
        axes.put(SweepGrid.PREFIX + Options.UTILIZATION_SOURCE.key(), "measured, blend, forecast");
        axes.put(SweepGrid.PREFIX + Options.GUARD_MIN_RUN_TIME.key(), "0s, 30m");
        FORECASTS_AND_GUARDS = java.util.Collections.unmodifiableMap(axes);
    }

    /** Keys tune sets itself: a grid may not sweep them. */
    static final List<Option<?>> OWN_KEYS = List.of(Options.SIM_SEED, Options.SIM_TRACE_FILE, Options.SIM_DURATION);

    private TuneGrid() {}

    /**
     * The grid over {@code base}: the default one when {@code file} is null.
     *
     * @throws ConfigException naming the file, line and key of a line that is not a grid line, a key
     *                         tune sets itself, or a value out of range
     */
    public static SweepGrid of(Settings base, Path file) throws ConfigException {
        return of(base, file, false);
    }

    /**
     * The grid over {@code base}, the default one when {@code file} is null, with {@link
     * #FORECASTS_AND_GUARDS}' axes when {@code forecastsAndGuards}.
     *
     * @throws ConfigException as {@link #of(Settings, Path)}
     */
    public static SweepGrid of(Settings base, Path file, boolean forecastsAndGuards) throws ConfigException {
        Map<String, String> lines = DEFAULT;
        Map<String, String> locations = new LinkedHashMap<>();
        if (file != null) {
            SettingsLoader.Loaded loaded = new SettingsLoader(List.of(SweepGrid.PREFIX)).load(file, Map.of());
            List<ConfigProblem> problems = new ArrayList<>();
            for (Map.Entry<String, String> e : loaded.locations().entrySet()) {
                if (!e.getKey().startsWith(SweepGrid.PREFIX)) {
                    problems.add(new ConfigProblem(
                            e.getValue(),
                            e.getKey(),
                            "a tune grid holds only " + SweepGrid.PREFIX
                                    + "<key> lines; give settings with --config or --set"));
                }
            }
            for (Option<?> own : OWN_KEYS) {
                String key = SweepGrid.PREFIX + own.key();
                if (loaded.passThrough().containsKey(key)) {
                    problems.add(new ConfigProblem(
                            loaded.locations().getOrDefault(key, file.toString()),
                            key,
                            "tune sets " + own.key() + " itself (--record, --seeds and --config's sim.seed)"));
                }
            }
            if (!problems.isEmpty()) {
                throw new ConfigException(problems);
            }
            lines = loaded.passThrough();
            locations = loaded.locations();
        }
        if (forecastsAndGuards) {
            Map<String, String> more = new LinkedHashMap<>(lines);
            FORECASTS_AND_GUARDS.forEach(more::putIfAbsent);
            lines = more;
        }
        return SweepGrid.from(new SettingsLoader.Loaded(base, lines, locations));
    }
}
