package org.overbookd.daemon;

import java.time.Instant;
import java.util.List;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.cluster.ClusterPolicy;
import org.overbookd.policy.cluster.Decision;

/** A policy whose settings can be swapped between cycles, when the configuration file changes. */
final class ReloadablePolicy implements ClusterPolicy {

    private volatile ClusterPolicy current;

    ReloadablePolicy(ClusterPolicy initial) {
        this.current = initial;
    }

    void replace(ClusterPolicy next) {
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
