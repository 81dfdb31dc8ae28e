package org.overbookd.policy.registry;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.overbookd.policy.Argument;
import org.overbookd.policy.ArgumentException;
import org.overbookd.policy.Arguments;
import org.overbookd.policy.Plugin;
import org.overbookd.policy.PluginFactory;
import org.overbookd.policy.cluster.NamedClusterPolicy;
import org.overbookd.policy.hybrid.HybridPolicy;
import org.overbookd.policy.hybrid.HybridSettings;
import org.overbookd.policy.hybrid.SlotPolicy;
import org.overbookd.policy.maxweight.TypeScheduler;
import org.overbookd.policy.maxweight.TypeSchedulers;
import org.overbookd.policy.maxweight.TypeSettings;
import org.overbookd.policy.overbooking.OverbookingPolicy;
import org.overbookd.policy.overbooking.OverbookingSettings;
import org.overbookd.policy.qos.RequestScheduler;
import org.overbookd.policy.qos.RequestSettings;

/**
 * A registry of policies: every policy by its name, with its {@link PluginFactory} (the arguments
 * it declares and how it is built from its model's settings and their values), as the Kubernetes
 * scheduling framework's registry maps plugin names to factories. {@link #IN_TREE} holds the
 * policies of this code base, one line each; {@link #with} adds one (an out-of-tree policy, or a
 * test's) to a copy, as the framework's {@code WithPlugin} does. The command line and the
 * configuration choose every policy here and hand its arguments over as text; a name it does not
 * hold gives one error that lists the names it does, an argument the policy refuses one that names
 * the key. Names are unique across models, and each policy built answers {@link Plugin#name()} with
 * the name it was built under.
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
    public static final Model<OverbookingSettings, NamedClusterPolicy> OVERBOOKING = new Model<>("overbooking");
    /** The request model of Silva et al. */
    public static final Model<RequestSettings, RequestScheduler> REQUESTS = new Model<>("requests");
    /** The slot model of HYBRID. */
    public static final Model<HybridSettings, SlotPolicy> SLOTS = new Model<>("slots");
    /** The VM-type model of Psychas and Ghaderi. */
    public static final Model<TypeSettings, TypeScheduler> TYPES = new Model<>("types");

    private record Entry<S, P extends Plugin>(Model<S, P> model, PluginFactory<S, P> factory) {}

    /** The policies of this code base: one line each. */
    public static final PolicyRegistry IN_TREE = new PolicyRegistry(List.of(
            new Entry<>(OVERBOOKING, OverbookingPolicy.FACTORY),
            new Entry<>(REQUESTS, RequestScheduler.QOS_DRIVEN),
            new Entry<>(REQUESTS, RequestScheduler.PRIORITY_BASED),
            new Entry<>(SLOTS, HybridPolicy.HYBRID),
            new Entry<>(SLOTS, HybridPolicy.PRI),
            new Entry<>(SLOTS, HybridPolicy.PRI_N),
            new Entry<>(TYPES, TypeSchedulers.MAXWEIGHT),
            new Entry<>(TYPES, TypeSchedulers.M14),
            new Entry<>(TYPES, TypeSchedulers.M14_CENTRAL),
            new Entry<>(TYPES, TypeSchedulers.G16),
            new Entry<>(TYPES, TypeSchedulers.BEST_FIT)));

    private final List<Entry<?, ?>> entries;

    private PolicyRegistry(List<Entry<?, ?>> entries) {
        this.entries = List.copyOf(entries);
    }

    /**
     * This registry and one more policy of {@code model}, after the others.
     *
     * @throws IllegalArgumentException when a policy of that name is already registered (of any model)
     */
    public <S, P extends Plugin> PolicyRegistry with(Model<S, P> model, PluginFactory<S, P> factory) {
        for (Entry<?, ?> e : entries) {
            if (e.factory().name().equals(factory.name())) {
                throw new IllegalArgumentException(
                        "a policy named " + factory.name() + " is already registered (model " + e.model() + ")");
            }
        }
        List<Entry<?, ?>> more = new ArrayList<>(entries);
        more.add(new Entry<>(model, factory));
        return new PolicyRegistry(more);
    }

    /** The names of the model's policies, in registration order. */
    public List<String> names(Model<?, ?> model) {
        List<String> names = new ArrayList<>();
        for (Entry<?, ?> e : entries) {
            if (e.model() == model) {
                names.add(e.factory().name());
            }
        }
        return List.copyOf(names);
    }

    /** Whether the model has a policy of this name (exactly as written). */
    public boolean has(Model<?, ?> model, String name) {
        return names(model).contains(name);
    }

    /**
     * The arguments the policy declares, in its order.
     *
     * @throws UnknownPolicyException when the model has no policy of that name
     */
    public List<Argument<?>> arguments(Model<?, ?> model, String name) {
        return entry(model, name).factory().arguments();
    }

    /**
     * A fresh policy of this name, built from the settings and its arguments at their defaults.
     *
     * @throws UnknownPolicyException when the model has no policy of that name (exactly as written)
     */
    public <S, P extends Plugin> P create(Model<S, P> model, String name, S settings) {
        return create(model, name, settings, Map.of());
    }

    /**
     * A fresh policy of this name, built from the settings and the arguments {@code given} as text by
     * key (those not given at their defaults).
     *
     * @throws UnknownPolicyException when the model has no policy of that name (exactly as written)
     * @throws ArgumentException      naming the key of an argument the policy does not declare (and the
     *                                policies of the model that do) or whose value it refuses
     */
    public <S, P extends Plugin> P create(Model<S, P> model, String name, S settings, Map<String, String> given) {
        @SuppressWarnings("unchecked") // entries are only built with a model and a factory of the same S and P
        Entry<S, P> entry = (Entry<S, P>) entry(model, name);
        List<Argument<?>> declared = entry.factory().arguments();
        for (String key : given.keySet()) {
            if (declared.stream().noneMatch(a -> a.key().equals(key))) {
                throw ArgumentException.undeclared(name, key, takers(model, key));
            }
        }
        return entry.factory().build().apply(settings, Arguments.of(name, declared, given));
    }

    /** The error for a name, as written, that the model does not have. */
    public UnknownPolicyException unknown(Model<?, ?> model, String name) {
        return new UnknownPolicyException(name, names(model));
    }

    private Entry<?, ?> entry(Model<?, ?> model, String name) {
        for (Entry<?, ?> e : entries) {
            if (e.model() == model && e.factory().name().equals(name)) {
                return e;
            }
        }
        throw unknown(model, name);
    }

    /** The model's policies that declare an argument of this key. */
    private List<String> takers(Model<?, ?> model, String key) {
        List<String> takers = new ArrayList<>();
        for (Entry<?, ?> e : entries) {
            if (e.model() == model
                    && e.factory().arguments().stream().anyMatch(a -> a.key().equals(key))) {
                takers.add(e.factory().name());
            }
        }
        return takers;
    }
}
