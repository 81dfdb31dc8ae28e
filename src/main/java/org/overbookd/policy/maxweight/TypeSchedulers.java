package org.overbookd.policy.maxweight;

import org.overbookd.policy.PluginFactory;

/**
 * How the registry builds each scheduler of this package from the VM-type model's settings. The
 * schedulers take the solver, padding, beta and recheck choices of those settings (the model's
 * command-line options, shared by every scheduler a run compares) and no argument of their own.
 */
public final class TypeSchedulers {

    public static final PluginFactory<TypeSettings, TypeScheduler> MAXWEIGHT = PluginFactory.of(
            "maxweight", s -> new MaxWeightScheduler(s.solver(), s.padding(), s.beta(), s.recheckEmpty()));
    public static final PluginFactory<TypeSettings, TypeScheduler> M14 =
            PluginFactory.of("m14", s -> new RoutedRefreshScheduler(s.solver(), s.padding()));
    public static final PluginFactory<TypeSettings, TypeScheduler> M14_CENTRAL =
            PluginFactory.of("m14-central", s -> new RefreshMaxWeightScheduler(s.solver(), s.padding()));
    public static final PluginFactory<TypeSettings, TypeScheduler> G16 =
            PluginFactory.of("g16", s -> new RandomizedSamplingScheduler(s.serviceRate(), s.random()));
    public static final PluginFactory<TypeSettings, TypeScheduler> BEST_FIT =
            PluginFactory.of("best-fit", s -> new BestFitScheduler());

    private TypeSchedulers() {}
}
