package org.overbookd.tune;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The configurations of a {@code tune} run judged against a budget: which keep within it for every
 * seed, which are Pareto-optimal (no other configuration has as little worst-seed degradation_100
 * and as much of the objective, better in one), and the order of recommendation.
 *
 * <p>The order of recommendation is that of the configurations within the budget, the highest mean
 * objective first; ties go to the lower worst-seed degradation_100, then to fewer mean suspensions,
 * then to the one first in the grid. The baseline (no overbooking) is drawn and written for
 * comparison but never recommended: recommending it would be recommending not to use overbookd.
 *
 * <p>Advice is checked before it is given: the seeds that chose a configuration flatter it, so it
 * is replayed again with seeds it was not chosen on ({@link #withHeldOut}), and one that breaks the
 * budget there loses its rank. The recommendation is the first in order whose held-out replays kept
 * within the budget; before any was checked, or when every one checked broke it, there is none.
 */
public final class Frontier {

    private final TunedConfig baseline;
    private final List<TunedConfig> configs;
    private final Budget budget;
    private final Objective objective;
    private final Set<Integer> pareto = new HashSet<>();
    private final List<TunedConfig> ranked;
    /** By grid position, the held-out replays of the configurations checked, in the order checked. */
    private final Map<Integer, TunedConfig> heldOut;

    public Frontier(TunedConfig baseline, List<TunedConfig> configs, Budget budget, Objective objective) {
        this(baseline, configs, budget, objective, Map.of());
    }

    private Frontier(
            TunedConfig baseline,
            List<TunedConfig> configs,
            Budget budget,
            Objective objective,
            Map<Integer, TunedConfig> heldOut) {
        this.baseline = baseline;
        this.configs = List.copyOf(configs);
        this.budget = budget;
        this.objective = objective;
        this.heldOut = Collections.unmodifiableMap(new LinkedHashMap<>(heldOut));
        List<TunedConfig> all = new ArrayList<>(configs);
        all.add(baseline);
        for (TunedConfig c : all) {
            if (all.stream().noneMatch(d -> dominates(d, c))) {
                pareto.add(c.position());
            }
        }
        ranked = configs.stream()
                .filter(budget::admits)
                .filter(c -> !brokeHeldOut(c))
                .sorted(Comparator.comparingDouble((TunedConfig c) -> -c.objectiveMean(objective))
                        .thenComparingDouble(TunedConfig::degradation100Max)
                        .thenComparingDouble(TunedConfig::suspendsMean)
                        .thenComparingInt(TunedConfig::position))
                .toList();
    }

    /**
     * This frontier with {@code checked}: by grid position, each configuration's replays with seeds
     * it was not chosen on. Those whose held-out replays break the budget lose their rank.
     */
    public Frontier withHeldOut(Map<Integer, TunedConfig> checked) {
        Map<Integer, TunedConfig> all = new LinkedHashMap<>(heldOut);
        all.putAll(checked);
        return new Frontier(baseline, configs, budget, objective, all);
    }

    /** The held-out replays of {@code c}, if it was checked. */
    public Optional<TunedConfig> heldOut(TunedConfig c) {
        return Optional.ofNullable(heldOut.get(c.position()));
    }

    /** The configurations checked on held-out seeds, in the order they were checked. */
    public List<TunedConfig> checked() {
        List<TunedConfig> list = new ArrayList<>();
        for (int position : heldOut.keySet()) {
            list.add(configs.get(position));
        }
        return list;
    }

    /** Whether {@code c} was checked on held-out seeds and broke the budget there. */
    public boolean brokeHeldOut(TunedConfig c) {
        TunedConfig h = heldOut.get(c.position());
        return h != null && !budget.admits(h);
    }

    private boolean dominates(TunedConfig d, TunedConfig c) {
        double dx = d.degradation100Max();
        double cx = c.degradation100Max();
        double dy = d.objectiveMean(objective);
        double cy = c.objectiveMean(objective);
        return dx <= cx && dy >= cy && (dx < cx || dy > cy);
    }

    public TunedConfig baseline() {
        return baseline;
    }

    /** Every configuration of the grid, in grid order (the baseline apart). */
    public List<TunedConfig> configs() {
        return configs;
    }

    public Budget budget() {
        return budget;
    }

    public Objective objective() {
        return objective;
    }

    public boolean onFrontier(TunedConfig c) {
        return pareto.contains(c.position());
    }

    public boolean withinBudget(TunedConfig c) {
        return budget.admits(c);
    }

    /** The configurations within the budget, best first, less those that broke it on held-out seeds. */
    public List<TunedConfig> ranked() {
        return ranked;
    }

    /** 1 for the recommendation, 2 and 3 for the runners-up...; 0 when over the budget, or over it held out. */
    public int rank(TunedConfig c) {
        return ranked.indexOf(c) + 1;
    }

    /** The first in order of recommendation, once its held-out replays have kept within the budget. */
    public Optional<TunedConfig> recommended() {
        return ranked.isEmpty() || !heldOut.containsKey(ranked.get(0).position())
                ? Optional.empty()
                : Optional.of(ranked.get(0));
    }
}
