package org.overbookd.daemon;

import java.time.Instant;
import java.util.List;
import org.overbookd.config.Bindings;
import org.overbookd.config.Settings;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.cluster.ClusterPolicy;
import org.overbookd.policy.cluster.Decision;
import org.overbookd.policy.registry.PolicyRegistry;

/** A policy whose settings can be swapped between cycles, when the configuration file changes. */
final class ReloadablePolicy implements ClusterPolicy {

    private volatile ClusterPolicy current;
    private final PolicyRegistry policies;

    ReloadablePolicy(ClusterPolicy initial) {
        this(initial, PolicyRegistry.IN_TREE);
    }

    /** @param policies what a reload chooses overbooking.policy from: what the daemon started with */
    ReloadablePolicy(ClusterPolicy initial, PolicyRegistry policies) {
        this.current = initial;
        this.policies = policies;
    }

    /** The policy of the reloaded settings (overbooking.policy needs a restart: the same one, rebuilt). */
    void reload(Settings next) {
        replace(Bindings.overbookingPolicy(next, policies));
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
