package org.overbookd.sim.slots;

import java.util.ArrayList;
import java.util.List;
import org.overbookd.policy.hybrid.Priorities;
import org.overbookd.policy.hybrid.SlotPolicy;
import org.overbookd.stats.Quantile;
import org.overbookd.stats.Sample;

/**
 * The metrics of one run: Table 2 (priority evictions NE, mean and max evictions per evicted task,
 * drops, wasted executions WE), Figure 2 (response times of class 0 evicted and never evicted, of
 * class 9), Figure 3 (sticky-slot use by class and slot type), and per-class detail.
 *
 * <p>An eviction is a preemption after which the task goes back to the queue; a drop (PRI-N) is the
 * preemption that removes it, counted in {@code drops} only. Wasted CPU-seconds are those received
 * by executions that ended in either.
 */
public record SlotResult(
        String policy,
        int stickySlots,
        int evictionLimit,
        int servers,
        int slots,
        int tasks,
        int finished,
        int dropped,
        int unfinished,
        long evictions,
        int evictedTasks,
        int maxEvictions,
        double wastedCpuSeconds,
        double lastFinish,
        List<ClassStats> classes,
        List<SlotTypeUsage> slotTypes) {

    /** NE over the tasks evicted at least once; NaN when none was. */
    public double meanEvictionsPerEvictedTask() {
        return evictedTasks == 0 ? Double.NaN : (double) evictions / evictedTasks;
    }

    public ClassStats classStats(int priority) {
        return classes.get(priority - Priorities.LOWEST);
    }

    /** Finished tasks whose successful execution ran under a sticky label. */
    public int finishedOnSticky() {
        return classes.stream().mapToInt(ClassStats::finishedOnSticky).sum();
    }

    static SlotResult of(SlotPolicy policy, Infrastructure infra, SlotWorld cluster) {
        ClassTally[] tallies = new ClassTally[Priorities.COUNT];
        for (int p = 0; p < tallies.length; p++) {
            tallies[p] = new ClassTally();
        }
        int maxEvictions = 0;
        double lastFinish = 0;
        int[] finishedByTier = new int[infra.tiers()];
        for (TaskState t : cluster.tasks) {
            tallies[t.priority() - Priorities.LOWEST].add(t);
            maxEvictions = Math.max(maxEvictions, t.evictions);
            if (t.status == TaskState.Status.FINISHED) {
                lastFinish = Math.max(lastFinish, t.finishedAt);
                if (!t.finishedSticky) {
                    finishedByTier[t.finishedTier]++;
                }
            }
        }
        List<ClassStats> classes = new ArrayList<>();
        for (int p = 0; p < tallies.length; p++) {
            classes.add(tallies[p].stats(p + Priorities.LOWEST, cluster.stickySeconds[p]));
        }
        int finished = classes.stream().mapToInt(ClassStats::finished).sum();
        int dropped = classes.stream().mapToInt(ClassStats::dropped).sum();
        int tasks = cluster.tasks.length;
        return new SlotResult(
                policy.name(),
                policy.stickySlots(),
                policy.evictionLimit(),
                infra.servers(),
                infra.totalSlots(),
                tasks,
                finished,
                dropped,
                tasks - finished - dropped,
                classes.stream().mapToLong(ClassStats::evictions).sum(),
                classes.stream().mapToInt(ClassStats::evictedTasks).sum(),
                maxEvictions,
                classes.stream().mapToDouble(ClassStats::wastedCpuSeconds).sum(),
                lastFinish,
                List.copyOf(classes),
                slotTypes(
                        policy,
                        infra,
                        finishedByTier,
                        classes.stream().mapToInt(ClassStats::finishedOnSticky).sum()));
    }

    /** Figure 3b: sticky labels, then the regular slots of powerful and of normal tiers. */
    private static List<SlotTypeUsage> slotTypes(
            SlotPolicy policy, Infrastructure infra, int[] finishedByTier, int finishedSticky) {
        int[] slots = new int[2];
        int[] finished = new int[2];
        for (int tier = 0; tier < infra.tiers(); tier++) {
            int kind = infra.tierPowerful(tier) ? 0 : 1;
            slots[kind] += infra.tierSlots(tier);
            finished[kind] += finishedByTier[tier];
        }
        return List.of(
                new SlotTypeUsage("sticky", policy.stickySlots(), finishedSticky),
                new SlotTypeUsage("powerful", slots[0], finished[0]),
                new SlotTypeUsage("normal", slots[1], finished[1]));
    }

    /** One class's tasks, gathered in the single pass over all tasks. */
    private static final class ClassTally {
        private static final double NaN = Double.NaN;
        private static final Quantile TYPE7 = Quantile.LINEAR_TYPE7;

        int tasks;
        int dropped;
        int evictedTasks;
        long evictions;
        double wasted;
        int onSticky;
        final List<Double> responses = new ArrayList<>();
        final List<Double> evicted = new ArrayList<>();
        final List<Double> neverEvicted = new ArrayList<>();

        void add(TaskState t) {
            tasks++;
            evictions += t.evictions;
            evictedTasks += t.evictions > 0 ? 1 : 0;
            wasted += t.wasted;
            if (t.status == TaskState.Status.DROPPED) {
                dropped++;
            } else if (t.status == TaskState.Status.FINISHED) {
                double r = t.response();
                responses.add(r);
                (t.evictions > 0 ? evicted : neverEvicted).add(r);
                onSticky += t.finishedSticky ? 1 : 0;
            }
        }

        /** Response times by type 7 quantiles and the ascending mean; NaN (an empty field) for no task. */
        ClassStats stats(int priority, double stickySeconds) {
            Sample q = sample(responses);
            return new ClassStats(
                    priority,
                    tasks,
                    q.count(),
                    dropped,
                    evictedTasks,
                    evictions,
                    wasted,
                    q.meanAscending(NaN),
                    q.quantile(TYPE7, 0.5, NaN),
                    q.quantile(TYPE7, 0.9, NaN),
                    q.quantile(TYPE7, 0.99, NaN),
                    q.max(NaN),
                    sample(evicted).quantile(TYPE7, 0.5, NaN),
                    sample(neverEvicted).quantile(TYPE7, 0.5, NaN),
                    onSticky,
                    stickySeconds);
        }

        private static Sample sample(List<Double> values) {
            return Sample.of(values.stream().mapToDouble(Double::doubleValue).toArray());
        }
    }
}
