package org.overbookd.config;

import org.overbookd.policy.overbooking.OverbookingPolicy;
import org.overbookd.policy.overbooking.OverbookingSettings;
import org.overbookd.policy.overbooking.QosTerms;
import org.overbookd.policy.registry.PolicyRegistry;

/** Turns validated settings into the objects the loop runs, the same way for daemon and simulator. */
public final class Bindings {

    private Bindings() {
    }

    public static OverbookingSettings overbooking(Settings s) {
        return new OverbookingSettings(s.get(Options.LOWER_BOUND), s.get(Options.UPPER_BOUND), s.get(Options.SLOTS),
                s.get(Options.HOST_ORDER), s.get(Options.STICKY_SLOTS), s.get(Options.QUEUE), s.get(Options.VICTIM),
                new QosTerms(s.get(Options.DEFAULT_SLO), s.get(Options.ALLOCATION_TIME)), s.get(Options.PLACEMENT));
    }

    /** The overbooking policy, chosen by its name in the policy registry like every other policy. */
    public static OverbookingPolicy overbookingPolicy(Settings s) {
        return PolicyRegistry.IN_TREE.create(PolicyRegistry.OVERBOOKING, OverbookingPolicy.NAME, overbooking(s));
    }
}
