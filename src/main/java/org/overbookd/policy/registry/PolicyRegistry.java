package org.overbookd.policy.registry;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.overbookd.policy.Plugin;
import org.overbookd.policy.hybrid.HybridPolicy;
import org.overbookd.policy.hybrid.HybridSettings;
import org.overbookd.policy.maxweight.BestFitScheduler;
import org.overbookd.policy.maxweight.MaxWeightScheduler;
import org.overbookd.policy.maxweight.RandomizedSamplingScheduler;
import org.overbookd.policy.maxweight.RefreshMaxWeightScheduler;
import org.overbookd.policy.maxweight.RoutedRefreshScheduler;
import org.overbookd.policy.maxweight.TypeScheduler;
import org.overbookd.policy.maxweight.TypeSettings;
import org.overbookd.policy.overbooking.OverbookingPolicy;
import org.overbookd.policy.overbooking.OverbookingSettings;
import org.overbookd.policy.qos.RequestScheduler;
import org.overbookd.policy.qos.RequestSettings;

/**
 * The in-tree registry of policies: every policy by its name, with the factory that builds it from
 * its model's settings, as the Kubernetes scheduling framework's in-tree registry maps plugin names
 * to factories. The command line and the configuration choose every policy here; a name it does not
 * hold gives one error that lists the names it does. Names are unique across models, and each policy
 * built answers {@link Plugin#name()} with the name it was built under.
 */
public final class PolicyRegistry {

    /**
     * A model's kind of policy: what its policies are built from ({@code S}) and what they are ({@code P}).
     */
    public static final class Model<S, P extends Plugin> {

        private final String label;

        private Model(String label) {
            this.label = label;
        }

        /** The model's name, as {@code simulate --model} spells it. */
        public String label() {
            return label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** The overbooking loop of Verboven et al.: the daemon and {@code simulate} without --model. */
    public static final Model<OverbookingSettings, OverbookingPolicy> OVERBOOKING = new Model<>("overbooking");
    /** The request model of Silva et al. */
    public static final Model<RequestSettings, RequestScheduler> REQUESTS = new Model<>("requests");
    /** The slot model of HYBRID. */
    public static final Model<HybridSettings, HybridPolicy> SLOTS = new Model<>("slots");
    /** The VM-type model of Psychas and Ghaderi. */
    public static final Model<TypeSettings, TypeScheduler> TYPES = new Model<>("types");

    private record Entry<S, P extends Plugin>(Model<S, P> model, String name, Function<S, P> factory) {
    }

    private static final List<Entry<?, ?>> ENTRIES = List.of(
            new Entry<>(OVERBOOKING, OverbookingPolicy.NAME, OverbookingPolicy::new),
            new Entry<>(REQUESTS, RequestScheduler.QOS, RequestScheduler::qosDriven),
            new Entry<>(REQUESTS, RequestScheduler.PRIORITY, RequestScheduler::priorityBased),
            new Entry<>(SLOTS, "hybrid", s -> new HybridPolicy("hybrid", s)),
            new Entry<>(SLOTS, "pri", s -> new HybridPolicy("pri", s)),
            new Entry<>(SLOTS, "pri-n", s -> new HybridPolicy("pri-n", s)),
            new Entry<>(TYPES, "maxweight", s -> new MaxWeightScheduler(s.solver(), s.padding(), s.beta(), s.recheckEmpty())),
            new Entry<>(TYPES, "m14", s -> new RoutedRefreshScheduler(s.solver(), s.padding())),
            new Entry<>(TYPES, "m14-central", s -> new RefreshMaxWeightScheduler(s.solver(), s.padding())),
            new Entry<>(TYPES, "g16", s -> new RandomizedSamplingScheduler(s.serviceRate(), s.random())),
            new Entry<>(TYPES, "best-fit", s -> new BestFitScheduler()));

    private PolicyRegistry() {
    }

    /** The names of the model's policies, in registration order. */
    public static List<String> names(Model<?, ?> model) {
        List<String> names = new ArrayList<>();
        for (Entry<?, ?> e : ENTRIES) {
            if (e.model() == model) {
                names.add(e.name());
            }
        }
        return List.copyOf(names);
    }

    /** Whether the model has a policy of this name (exactly as written). */
    public static boolean has(Model<?, ?> model, String name) {
        return names(model).contains(name);
    }

    /**
     * A fresh policy of this name, built from the settings.
     *
     * @throws UnknownPolicyException when the model has no policy of that name (exactly as written)
     * @throws IllegalArgumentException when the settings do not suit the policy
     */
    @SuppressWarnings("unchecked")
    public static <S, P extends Plugin> P create(Model<S, P> model, String name, S settings) {
        for (Entry<?, ?> e : ENTRIES) {
            if (e.model() == model && e.name().equals(name)) {
                return ((Entry<S, P>) e).factory().apply(settings);
            }
        }
        throw new UnknownPolicyException(name, names(model));
    }
}
