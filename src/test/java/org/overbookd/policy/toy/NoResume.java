package org.overbookd.policy.toy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.overbookd.model.ClusterView;
import org.overbookd.policy.Argument;
import org.overbookd.policy.PluginFactory;
import org.overbookd.policy.cluster.Decision;
import org.overbookd.policy.cluster.NamedClusterPolicy;
import org.overbookd.policy.overbooking.OverbookingPolicy;
import org.overbookd.policy.overbooking.OverbookingSettings;

/**
 * A toy policy of the overbooking model, kept outside the tree's policies as {@link
 * FirstComeFirstServed} is for the slot model: the paper's step without its resumes (a VM taken off
 * a host stays off), and at most {@link #MAX_DEPLOYS} deploys a step.
 */
public final class NoResume implements NamedClusterPolicy {

    public static final String NAME = "no-resume";

    public static final Argument<Integer> MAX_DEPLOYS =
            Argument.atLeast("max-deploys", "Deploys one step makes at most (default 64).", 64, 0);

    public static final PluginFactory<OverbookingSettings, NamedClusterPolicy> FACTORY = new PluginFactory<>(
            NAME, List.of(MAX_DEPLOYS), (settings, args) -> new NoResume(settings, args.get(MAX_DEPLOYS)));

    private final OverbookingPolicy paper;
    private final int maxDeploys;

    private NoResume(OverbookingSettings settings, int maxDeploys) {
        this.paper = new OverbookingPolicy(settings);
        this.maxDeploys = maxDeploys;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<Decision> decide(ClusterView view, Instant now) {
        List<Decision> kept = new ArrayList<>();
        int deploys = 0;
        for (Decision d : paper.decide(view, now)) {
            if (d instanceof Decision.Resume) {
                continue;
            }
            if (d instanceof Decision.Deploy && deploys++ >= maxDeploys) {
                continue;
            }
            kept.add(d);
        }
        return kept;
    }
}
