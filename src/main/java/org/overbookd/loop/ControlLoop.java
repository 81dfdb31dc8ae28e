package org.overbookd.loop;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.overbookd.audit.AuditException;
import org.overbookd.audit.AuditLog;
import org.overbookd.backend.ActionCheck;
import org.overbookd.backend.Backend;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.Outcome;
import org.overbookd.backend.UnmatchedVm;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.cluster.ClusterPolicy;
import org.overbookd.policy.cluster.Decision;
import org.overbookd.policy.cluster.HeldBack;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one loop of overbookd: observe, decide, audit, enact, audit. The queued VMs the backend found
 * may run on no host are audited before the decisions, when that begins, and so are the decisions
 * the policy's guards held back ({@link HeldEpisodes}). The daemon runs it on a Quartz
 * trigger against OpenNebula; the simulator runs it at its overbooking steps. Not thread-safe: one
 * cycle at a time.
 *
 * <p>Fail safe: every decision of a cycle is recorded before any is enacted. If the audit log
 * cannot take one (disk full, file gone), the cycle enacts nothing, its outcomes are SKIPPED, and
 * the failure is in the result for the caller to report; the next cycle tries again, so enactment
 * resumes as soon as a write succeeds.
 *
 * <p>What did happen is never left out: an outcome of an action that was sent (or a settled one,
 * which the backend hands over only once) whose record fails is kept and written first in the next
 * cycle, under its own cycle number and time, before that cycle may enact anything. The backlog
 * stays small, because a cycle with a backlog it cannot write enacts nothing: at most one batch and
 * the actions still unsettled. When the process stops with a backlog ({@link #close()}: a stop, the
 * end of {@code run --once}), it is written once more, and what still cannot be is logged in full,
 * one error line per outcome: the log is kept apart from the audit's disk.
 */
public final class ControlLoop {

    private static final Logger LOG = LoggerFactory.getLogger(ControlLoop.class);

    private final Backend backend;
    private final ClusterPolicy policy;
    private final AuditLog audit;
    private final boolean dryRun;
    private final EnactGate gate;
    private final List<Unrecorded> backlog = new ArrayList<>();
    /** Settled outcomes not yet in a cycle's result: one whose cycle failed after settling them is reported by the next. */
    private final List<Outcome> unreported = new ArrayList<>();

    private final HeldEpisodes held = new HeldEpisodes();
    private long cycle;

    /** An outcome whose record failed: written later under the cycle and time it belongs to. */
    private record Unrecorded(long cycle, Instant time, Outcome outcome, boolean settled) {}

    /** Cycle numbers continue from the last one in {@code audit}, so they stay unique across restarts. */
    public ControlLoop(Backend backend, ClusterPolicy policy, AuditLog audit, boolean dryRun) {
        this(backend, policy, audit, dryRun, EnactGate.OPEN);
    }

    /** @param gate asked right before enacting; a refusal turns every decision of the cycle into SKIPPED */
    public ControlLoop(Backend backend, ClusterPolicy policy, AuditLog audit, boolean dryRun, EnactGate gate) {
        this.backend = backend;
        this.policy = policy;
        this.audit = audit;
        this.dryRun = dryRun;
        this.gate = gate;
        this.cycle = audit.lastCycle();
    }

    public CycleResult runCycle(Instant now) throws BackendException {
        long id = ++cycle;
        ClusterView view = backend.observe(now);
        List<Outcome> settled = backend.settled();
        settled.forEach(s -> backlog.add(new Unrecorded(id, now, s, true)));
        unreported.addAll(settled);
        String auditFailure = writeBacklog(id);
        List<UnmatchedVm> unmatched = backend.unmatched();
        if (auditFailure == null && !unmatched.isEmpty()) {
            // why the queued VMs no decision names wait: part of the cycle's record, so a failure enacts nothing
            auditFailure = record(() -> unmatched.forEach(u -> audit.unmatched(id, now, u)));
        }
        ClusterPolicy.StepDecisions step = policy.decideStep(view, now);
        List<Decision> decisions = step.decisions();
        List<HeldBack> heldBegan = held.began(step.held());
        if (auditFailure == null && !heldBegan.isEmpty()) {
            // why a decision was not made: part of the cycle's record, written once when the hold begins
            auditFailure = record(() -> heldBegan.forEach(h -> audit.held(id, now, h)));
        }
        if (auditFailure == null) {
            held.recorded(step.held());
            auditFailure = record(() -> decisions.forEach(d -> audit.decided(id, now, d)));
        }
        List<Outcome> outcomes;
        if (auditFailure != null) {
            String why = "not enacted: the audit log cannot be written";
            outcomes = decisions.stream()
                    .map(d -> new Outcome(d, Outcome.Status.SKIPPED, "AUDIT", why))
                    .toList();
            if (!decisions.isEmpty()) {
                LOG.error(
                        "cycle {}: {} decision{} not enacted because the audit log cannot be written: {}",
                        id,
                        decisions.size(),
                        decisions.size() == 1 ? "" : "s",
                        auditFailure);
            }
        } else if (dryRun) {
            outcomes = decisions.stream()
                    .map(d -> new Outcome(d, Outcome.Status.SKIPPED, "", "dry run"))
                    .toList();
        } else {
            Optional<String> refusal = decisions.isEmpty() ? Optional.empty() : gate.refusal(decisions.size());
            if (refusal.isPresent()) {
                String why = "not enacted: " + refusal.get();
                outcomes = decisions.stream()
                        .map(d -> new Outcome(d, Outcome.Status.SKIPPED, ActionCheck.STOOD_DOWN, why))
                        .toList();
                LOG.warn(
                        "cycle {}: stood down, {} decision{} not enacted: {}",
                        id,
                        decisions.size(),
                        decisions.size() == 1 ? "" : "s",
                        refusal.get());
            } else {
                outcomes = backend.enact(decisions, now);
            }
        }
        if (auditFailure == null) {
            auditFailure = writeOutcomes(id, now, outcomes);
        }
        List<Outcome> reported = List.copyOf(unreported);
        unreported.clear();
        return new CycleResult(
                id, view, outcomes, reported, Optional.ofNullable(auditFailure), step.held(), step.yielded());
    }

    /**
     * Writes the outcomes one by one; at the first failure, keeps that one and every later one that
     * reports an action sent (not SKIPPED: nothing happened for those) for the next cycle.
     */
    private String writeOutcomes(long id, Instant now, List<Outcome> outcomes) {
        for (int i = 0; i < outcomes.size(); i++) {
            Outcome outcome = outcomes.get(i);
            String failure = record(() -> audit.enacted(id, now, outcome));
            if (failure != null) {
                List<Outcome> sent = outcomes.subList(i, outcomes.size()).stream()
                        .filter(o -> o.status() != Outcome.Status.SKIPPED)
                        .toList();
                sent.forEach(o -> backlog.add(new Unrecorded(id, now, o, false)));
                LOG.error(
                        "cycle {}: the outcomes of {} action{} sent could not be recorded; kept for the next cycle: {}",
                        id,
                        sent.size(),
                        sent.size() == 1 ? "" : "s",
                        failure);
                return failure;
            }
        }
        return null;
    }

    /** Writes what earlier failures held back, oldest first; null when all of it is written. */
    private String writeBacklog(long id) {
        int written = 0;
        while (!backlog.isEmpty()) {
            Unrecorded next = backlog.get(0);
            String failure = record(() -> {
                if (next.settled()) {
                    audit.reconciled(next.cycle(), next.time(), next.outcome());
                } else {
                    audit.enacted(next.cycle(), next.time(), next.outcome());
                }
            });
            if (failure != null) {
                return failure;
            }
            backlog.remove(0);
            written += next.cycle() < id ? 1 : 0;
        }
        if (written > 0) {
            LOG.info(
                    "cycle {}: recorded {} outcome{} that an earlier audit failure held back",
                    id,
                    written,
                    written == 1 ? "" : "s");
        }
        return null;
    }

    /** Runs the writes; null when they all succeeded, else why not. */
    private static String record(Runnable writes) {
        try {
            writes.run();
            return null;
        } catch (AuditException e) {
            return e.getMessage();
        }
    }

    public long cyclesRun() {
        return cycle;
    }

    /**
     * Before the process stops: writes what earlier failures held back, and logs in full what still
     * cannot be written, so that no outcome (a settled one above all, which the backend hands over
     * once) goes with the process.
     *
     * @return how many outcomes are in the log only
     */
    public int close() {
        if (backlog.isEmpty() || writeBacklog(cycle + 1) == null) {
            return 0;
        }
        for (Unrecorded u : backlog) {
            Outcome o = u.outcome();
            LOG.error(
                    "stopping with an outcome the audit log could not take; recorded here only: cycle {} at {}, {} of"
                            + " VM {} ({}) on host {}: {}{} ({}{})",
                    u.cycle(),
                    u.time(),
                    o.decision().action(),
                    o.decision().vm().id(),
                    o.decision().vm().name(),
                    o.decision().host().id(),
                    u.settled() ? "reconciled " : "",
                    o.status(),
                    o.code().isEmpty() ? "" : o.code() + ": ",
                    o.message());
        }
        int lost = backlog.size();
        backlog.clear();
        return lost;
    }
}
