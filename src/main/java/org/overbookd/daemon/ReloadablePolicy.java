package org.overbookd.daemon;

import java.time.Instant;
import java.util.List;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.Decision;
import org.overbookd.policy.Policy;

/** A policy whose settings can be swapped between cycles, when the configuration file changes. */
final class ReloadablePolicy implements Policy {

    private volatile Policy current;

    ReloadablePolicy(Policy initial) {
        this.current = initial;
    }

    void replace(Policy next) {
        this.current = next;
    }

    @Override
    public List<Decision> decide(ClusterView view, Instant now) {
        return current.decide(view, now);
    }

    @Override
    public StepDecisions decideStep(ClusterView view, Instant now) {
        return current.decideStep(view, now);
    }
}
