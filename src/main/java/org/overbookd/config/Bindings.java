package org.overbookd.config;

import java.util.List;
import java.util.Map;
import org.overbookd.policy.ArgumentException;
import org.overbookd.policy.cluster.NamedClusterPolicy;
import org.overbookd.policy.overbooking.Guards;
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

    /**
     * The overbooking policy overbooking.policy names, chosen from the policies of this code base, for
     * settings whose name {@link #checkPolicy} has passed (the daemon checks it at start; the default
     * names the tree's own).
     *
     * @throws org.overbookd.policy.registry.UnknownPolicyException when the tree has no policy of that name
     */
    public static NamedClusterPolicy overbookingPolicy(Settings s) {
        return overbookingPolicy(s, PolicyRegistry.IN_TREE);
    }

    /**
     * The overbooking policy overbooking.policy names, chosen from {@code registry}, for settings whose
     * name {@link #checkPolicy} has passed against it (the daemon rebuilds its policy so on a reload).
     *
     * @throws org.overbookd.policy.registry.UnknownPolicyException when the registry has no policy of that name
     */
    public static NamedClusterPolicy overbookingPolicy(Settings s, PolicyRegistry registry) {
        return registry.create(PolicyRegistry.OVERBOOKING, s.get(Options.POLICY), overbooking(s));
    }

    /**
     * The overbooking policy overbooking.policy names, chosen from {@code registry} like every other
     * policy, built from the settings and the arguments {@code given} as text by key, for settings
     * whose name {@link #checkPolicy} has passed against it (the command line checks it first, naming
     * the line or --set that set it).
     *
     * @throws org.overbookd.policy.registry.UnknownPolicyException when the registry has no policy of that name
     * @throws ArgumentException when the policy does not declare an argument given, or refuses its value
     */
    public static NamedClusterPolicy overbookingPolicy(Settings s, PolicyRegistry registry, Map<String, String> given) {
        return registry.create(PolicyRegistry.OVERBOOKING, s.get(Options.POLICY), overbooking(s), given);
    }

    /**
     * Checks that overbooking.policy names a policy of the overbooking model in {@code registry}.
     *
     * @throws ConfigException naming the key and the registered names when it does not
     */
    public static void checkPolicy(Settings s, PolicyRegistry registry) throws ConfigException {
        ConfigProblem problem = policyProblem(s.get(Options.POLICY), "", registry);
        if (problem != null) {
            throw new ConfigException(List.of(problem));
        }
    }

    /**
     * What is wrong with {@code name} as overbooking.policy (set at {@code where}, "" when unknown)
     * against {@code registry}, or null when it names one of its policies: the one check the loader
     * (among the other keys' problems) and {@link #checkPolicy} both make.
     */
    static ConfigProblem policyProblem(String name, String where, PolicyRegistry registry) {
        return policyProblem(name, where, Options.POLICY.key(), registry);
    }

    /**
     * The same check of a policy name that {@code key} gave, at {@code where}: a sweep's list of
     * policies ({@code sweep.overbooking.policy}) is named as written.
     */
    public static ConfigProblem policyProblem(String name, String where, String key, PolicyRegistry registry) {
        if (registry.has(PolicyRegistry.OVERBOOKING, name)) {
            return null;
        }
        return new ConfigProblem(
                where, key, registry.unknown(PolicyRegistry.OVERBOOKING, name).getMessage());
    }
}
