package org.overbookd.loop;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.overbookd.audit.AuditException;
import org.overbookd.audit.AuditLog;
import org.overbookd.backend.Backend;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.Outcome;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.Decision;
import org.overbookd.policy.Policy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one loop of overbookd: observe, decide, audit, enact, audit. The daemon runs it on a Quartz
 * trigger against OpenNebula; the simulator runs it at its overbooking steps. Not thread-safe: one
 * cycle at a time.
 *
 * <p>Fail safe: every decision of a cycle is recorded before any is enacted. If the audit log
 * cannot take one (disk full, file gone), the cycle enacts nothing, its outcomes are SKIPPED, and
 * the failure is in the result for the caller to report; the next cycle tries again, so enactment
 * resumes as soon as a write succeeds.
 */
public final class ControlLoop {

    private static final Logger LOG = LoggerFactory.getLogger(ControlLoop.class);

    private final Backend backend;
    private final Policy policy;
    private final AuditLog audit;
    private final boolean dryRun;
    private final EnactGate gate;
    private long cycle;

    /** Cycle numbers continue from the last one in {@code audit}, so they stay unique across restarts. */
    public ControlLoop(Backend backend, Policy policy, AuditLog audit, boolean dryRun) {
        this(backend, policy, audit, dryRun, EnactGate.OPEN);
    }

    /** @param gate asked right before enacting; a refusal turns every decision of the cycle into SKIPPED */
    public ControlLoop(Backend backend, Policy policy, AuditLog audit, boolean dryRun, EnactGate gate) {
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
        String auditFailure = record(() -> settled.forEach(s -> audit.reconciled(id, now, s)));
        List<Decision> decisions = policy.decide(view, now);
        if (auditFailure == null) {
            auditFailure = record(() -> decisions.forEach(d -> audit.decided(id, now, d)));
        }
        List<Outcome> outcomes;
        if (auditFailure != null) {
            String why = "not enacted: the audit log cannot be written";
            outcomes = decisions.stream().map(d -> new Outcome(d, Outcome.Status.SKIPPED, "AUDIT", why)).toList();
            if (!decisions.isEmpty()) {
                LOG.error("cycle {}: {} decision{} not enacted because the audit log cannot be written: {}", id,
                        decisions.size(), decisions.size() == 1 ? "" : "s", auditFailure);
            }
        } else if (dryRun) {
            outcomes = decisions.stream().map(d -> new Outcome(d, Outcome.Status.SKIPPED, "", "dry run")).toList();
        } else {
            Optional<String> refusal = decisions.isEmpty() ? Optional.empty() : gate.refusal(decisions.size());
            if (refusal.isPresent()) {
                String why = "not enacted: " + refusal.get();
                outcomes = decisions.stream().map(d -> new Outcome(d, Outcome.Status.SKIPPED, "STOOD_DOWN", why)).toList();
                LOG.warn("cycle {}: stood down, {} decision{} not enacted: {}", id, decisions.size(),
                        decisions.size() == 1 ? "" : "s", refusal.get());
            } else {
                outcomes = backend.enact(decisions, now);
            }
        }
        if (auditFailure == null) {
            auditFailure = record(() -> outcomes.forEach(o -> audit.enacted(id, now, o)));
        }
        return new CycleResult(id, view, outcomes, settled, Optional.ofNullable(auditFailure));
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
}
