package org.overbookd.daemon;

import java.time.Instant;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.overbookd.backend.Backend;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.ForwardingBackend;
import org.overbookd.backend.Outcome;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.cluster.Decision;

/**
 * Hands the policy a view whose VMs and hosts answer the live guards' questions from the
 * {@link GuardHistory} ({@link HistoryView}), and keeps that history: each action enacted is added
 * to it, one whose reply was lost too (a guard errs on the side of counting) until the backend
 * settles it as failed.
 */
final class HistoryBackend extends ForwardingBackend {

    private final GuardHistory history;
    /** Actions counted whose reply was lost, with when they were counted, until the backend settles them. */
    private final Map<Decision, Instant> unknown = new IdentityHashMap<>();

    HistoryBackend(Backend delegate, GuardHistory history) {
        super(delegate);
        this.history = history;
    }

    @Override
    public ClusterView observe(Instant now) throws BackendException {
        ClusterView view = super.observe(now);
        history.prune(now);
        return new HistoryView(view, history);
    }

    @Override
    public List<Outcome> enact(List<Decision> decisions, Instant now) {
        List<Outcome> outcomes = super.enact(decisions, now);
        for (Outcome o : outcomes) {
            if (o.status() == Outcome.Status.OK || o.status() == Outcome.Status.UNKNOWN) {
                Decision d = o.decision();
                history.add(now, d.action(), d.vm().id(), d.host().id());
                if (o.status() == Outcome.Status.UNKNOWN) {
                    unknown.put(d, now);
                }
            }
        }
        return outcomes;
    }

    @Override
    public List<Outcome> settled() {
        List<Outcome> settled = super.settled();
        for (Outcome o : settled) {
            Instant counted = unknown.remove(o.decision());
            if (counted != null && o.status() != Outcome.Status.OK) {
                Decision d = o.decision();
                history.remove(counted, d.action(), d.vm().id(), d.host().id());
            }
        }
        return settled;
    }
}
