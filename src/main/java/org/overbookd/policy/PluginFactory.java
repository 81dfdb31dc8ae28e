package org.overbookd.policy;

import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * How a registered policy is built: its name, the arguments it declares (typed, with defaults and
 * validation) and its constructor from its model's settings and those arguments' values. It is
 * declared in the policy's own package, beside the policy; the registry holds one line per policy
 * naming it, so adding a policy touches its package and that line, never the command line.
 *
 * @param <S> what the policies of its model are built from (the model's settings)
 * @param <P> what the policy is
 */
public record PluginFactory<S, P extends Plugin>(
        String name, List<Argument<?>> arguments, BiFunction<S, Arguments, P> build) {

    public PluginFactory {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(build, "build");
        arguments = List.copyOf(arguments);
        if (arguments.stream().map(Argument::key).distinct().count() != arguments.size()) {
            throw new IllegalArgumentException(name + ": two arguments share a key");
        }
    }

    /** A policy that declares no argument. */
    public static <S, P extends Plugin> PluginFactory<S, P> of(String name, java.util.function.Function<S, P> build) {
        return new PluginFactory<>(name, List.of(), (settings, args) -> build.apply(settings));
    }
}
