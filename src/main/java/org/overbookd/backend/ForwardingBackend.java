package org.overbookd.backend;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.cluster.Decision;

/**
 * A backend that adds something around another one (recording what it observes, fencing its
 * cycles) and passes every call on. Decorators extend this and override only what they add, so none
 * of them can forget a call: a lost {@link #settled()} or {@link #unmatched()} would silently drop
 * records from the audit.
 */
public abstract class ForwardingBackend implements Backend {

    private final Backend delegate;

    protected ForwardingBackend(Backend delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    @Override
    public ClusterView observe(Instant now) throws BackendException {
        return delegate.observe(now);
    }

    @Override
    public List<Outcome> enact(List<Decision> decisions, Instant now) {
        return delegate.enact(decisions, now);
    }

    @Override
    public List<Outcome> settled() {
        return delegate.settled();
    }

    @Override
    public List<UnmatchedVm> unmatched() {
        return delegate.unmatched();
    }
}
