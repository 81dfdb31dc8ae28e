package org.overbookd.sim.slots;

import java.util.List;
import java.util.Locale;
import org.overbookd.policy.hybrid.Priorities;
import org.overbookd.policy.hybrid.QueuedTask;
import org.overbookd.policy.hybrid.SlotDecision;
import org.overbookd.policy.hybrid.SlotPolicy;
import org.overbookd.policy.hybrid.SlotView;

/**
 * A slot policy wrapped so that every preemption it plans is described: who evicts whom, whether
 * the evictor had itself been evicted (a cascade), and how many tasks of lower priority than the
 * evictor were running, sticky or not. Sticky labels save an eviction only when that last
 * number is zero, so these counts say how much room HYBRID has to beat PRI on a workload
 * (sim/README-hybrid.md, "Why the gain is smaller here"). It also counts who receives labels, and
 * whether a label was ever free while no slot was (the moment section 3 leaves open).
 *
 * <p>Measurement only: it changes no decision. It scans the running tasks at each preemption, so it
 * is slower than a plain run (a few seconds on a built-in scenario).
 */
final class EvictionAnatomy extends WatchedPolicy {

    private static final int CLASSES = Priorities.COUNT;

    private final int labels;
    long preemptions;
    long cascades;
    long repeatedVictims;
    /** Preemptions at which the tasks of lower priority than the evictor that were not sticky were at most the labels. */
    long fewLowerThanLabels;

    double lowerRunning;
    double lowerSticky;
    /** Decisions asked while the queue was not empty, a label was free and no slot was. */
    long labelFreeNoSlotFree;

    final long[] byEvictor = new long[CLASSES];
    final long[] byVictim = new long[CLASSES];
    /** Label holders summed over preemptions, by class. */
    final double[] labelHolders = new double[CLASSES];
    /** Sticky placements while other slots were free too, and on the last free slot. */
    final long[] labelsGivenWithRoom = new long[CLASSES];

    final long[] labelsGivenOnLastSlot = new long[CLASSES];

    EvictionAnatomy(SlotPolicy policy) {
        super(policy);
        this.labels = policy.stickySlots();
    }

    @Override
    void watch(SlotView view, List<SlotDecision> plan) {
        SlotWorld cluster = (SlotWorld) view;
        if (!view.queueEmpty() && view.stickyInUse() < labels && view.freeSlots() == 0) {
            labelFreeNoSlotFree++;
        }
        for (SlotDecision decision : plan) {
            if (decision instanceof SlotDecision.Place place && place.sticky()) {
                int priority = cluster.tasks[place.task()].priority();
                (view.freeSlots() > 1 ? labelsGivenWithRoom : labelsGivenOnLastSlot)[priority]++;
            } else if (!(decision instanceof SlotDecision.Place)) {
                preempted(cluster, cluster.tasks[decision.task()], view.topQueued());
            }
        }
    }

    private void preempted(SlotWorld cluster, TaskState victim, QueuedTask evictor) {
        preemptions++;
        byEvictor[evictor.priority()]++;
        byVictim[victim.priority()]++;
        if (evictor.evictions() > 0) {
            cascades++;
        }
        if (victim.evictions > 0) {
            repeatedVictims++;
        }
        int lower = 0;
        int sticky = 0;
        for (TaskState t : cluster.tasks) {
            if (t.status != TaskState.Status.RUNNING) {
                continue;
            }
            if (t.sticky) {
                labelHolders[t.priority()]++;
            }
            if (t.priority() < evictor.priority()) {
                lower++;
                sticky += t.sticky ? 1 : 0;
            }
        }
        lowerRunning += lower;
        lowerSticky += sticky;
        if (lower - sticky <= labels) {
            fewLowerThanLabels++;
        }
    }

    /** Several lines of plain text: the counts above, shares and means. */
    String report() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                Locale.ROOT,
                "%s: %d preemptions; evictor evicted before (cascade) %.1f%%;" + " victim evicted before %.1f%%%n",
                name(),
                preemptions,
                percent(cascades),
                percent(repeatedVictims)));
        out.append(String.format(
                Locale.ROOT,
                "  at a preemption, lower-priority tasks running: %.0f, of them sticky %.0f;"
                        + " preemptions with no more non-sticky ones than labels (%d): %.1f%%%n",
                lowerRunning / preemptions,
                lowerSticky / preemptions,
                labels,
                percent(fewLowerThanLabels)));
        out.append("  label free while no slot was free: ")
                .append(labelFreeNoSlotFree)
                .append(" times\n");
        row(out, "  preemptions by evictor class", byEvictor, 1);
        row(out, "  preemptions by victim class ", byVictim, 1);
        row(out, "  label holders at a preemption (mean)", labelHolders, preemptions);
        row(out, "  labels given with other slots free", labelsGivenWithRoom, 1);
        row(out, "  labels given on the last free slot ", labelsGivenOnLastSlot, 1);
        return out.toString();
    }

    private double percent(long count) {
        return 100.0 * count / preemptions;
    }

    private static void row(StringBuilder out, String title, long[] values, long per) {
        double[] copy = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            copy[i] = values[i];
        }
        row(out, title, copy, per);
    }

    private static void row(StringBuilder out, String title, double[] values, long per) {
        out.append(title).append(':');
        for (double v : values) {
            out.append(String.format(Locale.ROOT, " %.0f", per == 0 ? 0 : v / per));
        }
        out.append('\n');
    }
}
