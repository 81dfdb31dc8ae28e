package org.overbookd.loop;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.overbookd.backend.Outcome;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.cluster.HeldBack;
import org.overbookd.policy.cluster.Yielded;

/**
 * What one observe-decide-enact cycle did.
 *
 * @param view         what the cycle observed
 * @param outcomes     one per decision, in the policy's order
 * @param settled      earlier unknown outcomes this cycle's observation settled (and those a cycle
 *                     that failed after settling them could not report)
 * @param auditFailure why the audit log could not be written, when it could not: the decisions
 *                     were then not enacted (their outcomes are SKIPPED)
 * @param held         the decisions the policy's guards held back this cycle (every one, not only
 *                     those whose hold began)
 * @param yielded      the decisions made although a guard would have held them back
 * @see #failure()
 */
public record CycleResult(
        long cycle,
        ClusterView view,
        List<Outcome> outcomes,
        List<Outcome> settled,
        Optional<String> auditFailure,
        List<HeldBack> held,
        List<Yielded> yielded) {
    public CycleResult {
        Objects.requireNonNull(view, "view");
        outcomes = List.copyOf(outcomes);
        settled = List.copyOf(settled);
        Objects.requireNonNull(auditFailure, "auditFailure");
        held = List.copyOf(held);
        yielded = List.copyOf(yielded);
    }

    /** A cycle whose policy has no guards. */
    public CycleResult(
            long cycle,
            ClusterView view,
            List<Outcome> outcomes,
            List<Outcome> settled,
            Optional<String> auditFailure) {
        this(cycle, view, outcomes, settled, auditFailure, List.of(), List.of());
    }

    /**
     * Why this cycle failed though it observed, if it did: the audit log could not be written (its
     * decisions were not enacted, and the next ones will not be until it can), or its time budget ran
     * out before every decision was sent. Empty when it did what it decided, or stood down on purpose.
     */
    public Optional<CycleFailure> failure() {
        if (auditFailure.isPresent()) {
            return Optional.of(new CycleFailure(
                    CycleFailure.AUDIT,
                    "decisions not enacted: the audit log cannot be" + " written: " + auditFailure.get()));
        }
        List<Outcome> late = outcomes.stream().filter(CycleResult::overBudget).toList();
        if (late.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new CycleFailure(
                CycleFailure.BUDGET,
                late.size() + " of " + outcomes.size() + " decision" + (outcomes.size() == 1 ? "" : "s") + " not sent: "
                        + late.get(0).message()));
    }

    private static boolean overBudget(Outcome outcome) {
        return outcome.status() == Outcome.Status.SKIPPED && Outcome.CYCLE_BUDGET.equals(outcome.code());
    }
}
