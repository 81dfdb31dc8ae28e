package org.overbookd.policy.maxweight;

import java.util.List;
import org.overbookd.policy.Argument;
import org.overbookd.policy.PluginFactory;

/**
 * How the registry builds each scheduler of this package from the VM-type model's settings (the
 * solver and padding a run's schedulers share, G16's rates and stream) and the arguments each
 * declares: Algorithm 1 its {@link #BETA} and {@link #RECHECK_EMPTY}; the others none.
 */
public final class TypeSchedulers {

    /** Algorithm 1's beta: a server stalls when its configuration weighs less than beta times an r-max one. */
    public static final Argument<Double> BETA =
            Argument.between("beta", "Algorithm 1's beta, strictly between 0 and 1 (default 0.5).", 0.5, 0, 1);
    /** Algorithm 1's extension to empty servers, see {@link MaxWeightScheduler}. */
    public static final Argument<Boolean> RECHECK_EMPTY = Argument.flag(
            "recheck-empty",
            "Algorithm 1 also tests condition (4) for empty servers when an arrival has to queue (an extension;"
                    + " the paper tests at departures only). Default: false.",
            false);

    public static final PluginFactory<TypeSettings, TypeScheduler> MAXWEIGHT = new PluginFactory<>(
            "maxweight",
            List.of(BETA, RECHECK_EMPTY),
            (s, args) -> new MaxWeightScheduler(s.solver(), s.padding(), args.get(BETA), args.get(RECHECK_EMPTY)));
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
