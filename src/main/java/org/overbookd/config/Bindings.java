package org.overbookd.config;

import org.overbookd.policy.overbooking.Guards;
import org.overbookd.policy.overbooking.OverbookingPolicy;
import org.overbookd.policy.overbooking.OverbookingSettings;
import org.overbookd.policy.overbooking.QosTerms;
import org.overbookd.policy.overbooking.UtilizationSignal;
import org.overbookd.policy.overbooking.UtilizationSource;
import org.overbookd.policy.registry.PolicyRegistry;

/** Turns validated settings into the objects the loop runs, the same way for daemon and simulator. */
public final class Bindings {

    private Bindings() {}

    public static OverbookingSettings overbooking(Settings s) {
        return new OverbookingSettings(
                s.get(Options.LOWER_BOUND),
                s.get(Options.UPPER_BOUND),
                s.get(Options.SLOTS),
                s.get(Options.HOST_ORDER),
                s.get(Options.STICKY_SLOTS),
                s.get(Options.QUEUE),
                s.get(Options.VICTIM),
                new QosTerms(s.get(Options.DEFAULT_SLO), s.get(Options.ALLOCATION_TIME)),
                s.get(Options.PLACEMENT),
                signal(s),
                guards(s));
    }

    /** What the bounds are compared with. */
    public static UtilizationSignal signal(Settings s) {
        UtilizationSource source = s.get(Options.UTILIZATION_SOURCE);
        return new UtilizationSignal(
                source,
                source == UtilizationSource.FORECAST
                        ? 1
                        : source == UtilizationSource.BLEND ? s.get(Options.UTILIZATION_FORECAST_WEIGHT) : 0);
    }

    /** The live guards. */
    public static Guards guards(Settings s) {
        return new Guards(
                s.get(Options.GUARD_MIN_RUN_TIME),
                s.get(Options.GUARD_MAX_SUSPENDS_PER_DAY),
                s.get(Options.GUARD_MAX_ACTIONS_PER_CYCLE),
                s.get(Options.GUARD_MAX_ACTIONS_PER_HOST_HOUR));
    }

    /** The overbooking policy, chosen by its name in the policy registry like every other policy. */
    public static OverbookingPolicy overbookingPolicy(Settings s) {
        return PolicyRegistry.IN_TREE.create(PolicyRegistry.OVERBOOKING, OverbookingPolicy.NAME, overbooking(s));
    }
}
