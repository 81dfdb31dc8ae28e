package org.overbookd.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.config.Bindings;
import org.overbookd.config.ConfigException;
import org.overbookd.config.ConfigProblem;
import org.overbookd.config.Option;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;
import org.overbookd.policy.registry.PolicyRegistry;
import org.overbookd.shard.Slice;

/**
 * A parameter grid read from a config file: {@code sweep.<key> = v1, v2, ...} for any schema key,
 * plus {@code sweep.min-window = W} which drops combinations whose upper - lower bound is below W
 * (the paper keeps upper - lower >= 15 because one core is 12.5% of an octacore node). The first
 * swept key in the file varies slowest. Combinations with lower >= upper are dropped too.
 */
public final class SweepGrid {

    public static final String PREFIX = "sweep.";
    public static final String MIN_WINDOW = "sweep.min-window";

    private final List<Option<?>> swept;
    private final List<Settings> runs;
    /** Where each run stands in the whole grid, from 0: 0, 1, 2... unless this is a shard. */
    private final List<Integer> positions;

    private final int dropped;

    private SweepGrid(List<Option<?>> swept, List<Settings> runs, List<Integer> positions, int dropped) {
        this.swept = List.copyOf(swept);
        this.runs = List.copyOf(runs);
        this.positions = List.copyOf(positions);
        this.dropped = dropped;
    }

    public static SweepGrid from(SettingsLoader.Loaded loaded) throws ConfigException {
        List<ConfigProblem> problems = new ArrayList<>();
        Map<Option<?>, List<Object>> axes = new LinkedHashMap<>();
        double minWindow = 0;
        for (Map.Entry<String, String> e : loaded.passThrough().entrySet()) {
            String where = loaded.locations().getOrDefault(e.getKey(), "");
            if (e.getKey().equals(MIN_WINDOW)) {
                try {
                    minWindow = Double.parseDouble(e.getValue().trim());
                    if (!(minWindow >= 0 && minWindow <= 100)) {
                        problems.add(new ConfigProblem(where, e.getKey(), e.getValue() + " is outside 0 to 100"));
                    }
                } catch (NumberFormatException ex) {
                    problems.add(new ConfigProblem(where, e.getKey(), "'" + e.getValue() + "' is not a number"));
                }
                continue;
            }
            String key = e.getKey().substring(PREFIX.length());
            Option<?> option = Options.byKey(key);
            if (option == null) {
                problems.add(new ConfigProblem(where, e.getKey(), "unknown key " + key + " to sweep"));
                continue;
            }
            List<Object> values = new ArrayList<>();
            for (String raw : e.getValue().split(",")) {
                if (raw.isBlank()) {
                    problems.add(new ConfigProblem(where, e.getKey(), "empty value in the list"));
                    continue;
                }
                try {
                    Object value = option.parse(raw);
                    values.add(value);
                    if (option == Options.POLICY) {
                        // the runs take the tree's policies (SweepRunner)
                        ConfigProblem policy =
                                Bindings.policyProblem((String) value, where, e.getKey(), PolicyRegistry.IN_TREE);
                        if (policy != null) {
                            problems.add(policy);
                        }
                    }
                } catch (IllegalArgumentException ex) {
                    problems.add(new ConfigProblem(
                            where, e.getKey(), ex.getMessage() + " (allowed: " + option.range() + ")"));
                }
            }
            axes.put(option, values);
        }
        if (axes.isEmpty() && problems.isEmpty()) {
            problems.add(new ConfigProblem(
                    "", PREFIX + "*", "the file sweeps no key; add lines such as sweep.overbooking.slots = 1, 2, 3"));
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        List<Settings> runs = new ArrayList<>();
        int[] dropped = {0};
        expand(new ArrayList<>(axes.entrySet()), 0, loaded.settings(), minWindow, runs, dropped);
        if (runs.isEmpty()) {
            throw new ConfigException(
                    "",
                    PREFIX + "*",
                    "every combination of the grid was dropped (lower >= upper or window below " + MIN_WINDOW + ")");
        }
        List<Integer> positions = new ArrayList<>(runs.size());
        for (int p = 0; p < runs.size(); p++) {
            positions.add(p);
        }
        return new SweepGrid(new ArrayList<>(axes.keySet()), runs, positions, dropped[0]);
    }

    // an axis holds the values its option parsed, typed as Object: Settings.with needs the raw Option to take one
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void expand(
            List<Map.Entry<Option<?>, List<Object>>> axes,
            int depth,
            Settings base,
            double minWindow,
            List<Settings> out,
            int[] dropped) {
        if (depth == axes.size()) {
            double lower = base.get(Options.LOWER_BOUND);
            double upper = base.get(Options.UPPER_BOUND);
            if (lower >= upper || upper - lower < minWindow) {
                dropped[0]++;
            } else {
                out.add(base);
            }
            return;
        }
        Map.Entry<Option<?>, List<Object>> axis = axes.get(depth);
        for (Object value : axis.getValue()) {
            expand(axes, depth + 1, base.with((Option) axis.getKey(), value), minWindow, out, dropped);
        }
    }

    /** The swept keys, in file order. */
    public List<Option<?>> swept() {
        return swept;
    }

    /** One settings object per run, in grid order. */
    public List<Settings> runs() {
        return runs;
    }

    /**
     * One slice of this grid ({@link Slice}: strided, so that slices of equal length are equal work).
     * Each run keeps its settings (its seed among them), so a shard's rows are the unsharded ones.
     */
    public SweepGrid shard(Slice slice) {
        List<Settings> mine = new ArrayList<>();
        List<Integer> at = new ArrayList<>();
        for (int k : slice.positions(runs.size())) {
            mine.add(runs.get(k));
            at.add(positions.get(k));
        }
        return new SweepGrid(swept, mine, at, dropped);
    }

    /** Where each run of {@link #runs()} stands in the whole grid, from 0. */
    public List<Integer> positions() {
        return positions;
    }

    /** Combinations dropped by the bound rules. */
    public int dropped() {
        return dropped;
    }
}
