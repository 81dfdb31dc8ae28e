package org.overbookd.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The configurations of a {@code tune} run judged against a budget: which keep within it for every
 * seed, which are Pareto-optimal (no other configuration has as little worst-seed degradation_100
 * and as much of the objective, better in one), and the order of recommendation.
 *
 * <p>The recommendation is the configuration within the budget with the highest mean objective;
 * ties go to the lower worst-seed degradation_100, then to fewer mean suspensions, then to the one
 * first in the grid. The baseline (no overbooking) is drawn and written for comparison but never
 * recommended: recommending it would be recommending not to use overbookd.
 */
public final class Frontier {

    private final TunedConfig baseline;
    private final List<TunedConfig> configs;
    private final Budget budget;
    private final Objective objective;
    private final Set<Integer> pareto = new HashSet<>();
    private final List<TunedConfig> ranked;

    public Frontier(TunedConfig baseline, List<TunedConfig> configs, Budget budget, Objective objective) {
        this.baseline = baseline;
        this.configs = List.copyOf(configs);
        this.budget = budget;
        this.objective = objective;
        List<TunedConfig> all = new ArrayList<>(configs);
        all.add(baseline);
        for (TunedConfig c : all) {
            if (all.stream().noneMatch(d -> dominates(d, c))) {
                pareto.add(c.position());
            }
        }
        ranked = configs.stream().filter(budget::admits)
                .sorted(Comparator.comparingDouble((TunedConfig c) -> -c.objectiveMean(objective))
                        .thenComparingDouble(TunedConfig::degradation100Max)
                        .thenComparingDouble(TunedConfig::suspendsMean)
                        .thenComparingInt(TunedConfig::position))
                .toList();
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

    /** The configurations within the budget, best first. */
    public List<TunedConfig> ranked() {
        return ranked;
    }

    /** 1 for the recommendation, 2 and 3 for the runners-up...; 0 when over the budget. */
    public int rank(TunedConfig c) {
        return ranked.indexOf(c) + 1;
    }

    public Optional<TunedConfig> recommended() {
        return ranked.isEmpty() ? Optional.empty() : Optional.of(ranked.get(0));
    }
}
