package org.overbookd.loop;

import java.time.Instant;
import java.util.List;
import org.overbookd.audit.AuditLog;
import org.overbookd.backend.Backend;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.Outcome;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.Decision;
import org.overbookd.policy.Policy;

/**
 * The one loop of overbookd: observe, decide, audit, enact, audit. The daemon runs it on a Quartz
 * trigger against OpenNebula; the simulator runs it at its overbooking steps. Not thread-safe: one
 * cycle at a time.
 */
public final class ControlLoop {

    private final Backend backend;
    private final Policy policy;
    private final AuditLog audit;
    private final boolean dryRun;
    private long cycle;

    public ControlLoop(Backend backend, Policy policy, AuditLog audit, boolean dryRun) {
        this.backend = backend;
        this.policy = policy;
        this.audit = audit;
        this.dryRun = dryRun;
    }

    public CycleResult runCycle(Instant now) throws BackendException {
        long id = ++cycle;
        ClusterView view = backend.observe(now);
        List<Decision> decisions = policy.decide(view, now);
        for (Decision decision : decisions) {
            audit.decided(id, now, decision);
        }
        List<Outcome> outcomes = dryRun
                ? decisions.stream().map(d -> new Outcome(d, Outcome.Status.SKIPPED, "", "dry run")).toList()
                : backend.enact(decisions, now);
        for (Outcome outcome : outcomes) {
            audit.enacted(id, now, outcome);
        }
        return new CycleResult(id, outcomes);
    }

    public long cyclesRun() {
        return cycle;
    }
}
