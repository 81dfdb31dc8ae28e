package org.overbookd.cli;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.overbookd.policy.Argument;
import org.overbookd.policy.ArgumentException;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * The arguments a command hands its policies, as the user gave them: by {@code --policy-arg
 * KEY=VALUE}, or by an option of the argument's own name that the command keeps for an argument the
 * papers' runs are written with ({@code --sticky-slots}, {@code --beta}). Each key once. The command
 * only parses; the policy that declares a key checks its value ({@link Argument}), and the errors
 * here name the option as the user typed it.
 */
final class PolicyArguments {

    private final CommandLine cli;
    private final Map<String, String> given;
    private final Set<String> byOwnOption = new HashSet<>();

    /** The arguments of {@code --policy-arg}, in the order given. */
    PolicyArguments(CommandLine cli, Map<String, String> policyArgs) {
        this.cli = cli;
        this.given = new LinkedHashMap<>(policyArgs);
    }

    /**
     * Adds the argument {@code key} given by its own option {@code --key} ({@code value} null when the
     * option is absent).
     *
     * @throws ParameterException when {@code --policy-arg} gives it too
     */
    PolicyArguments option(String key, Object value) {
        if (value != null) {
            if (given.put(key, value.toString()) != null) {
                throw usage("--" + key + " and --policy-arg " + key + " both given: give it once");
            }
            byOwnOption.add(key);
        }
        return this;
    }

    /** Every argument given, by key, in the order given. */
    Map<String, String> all() {
        return new LinkedHashMap<>(given);
    }

    /** The arguments given that {@code declared} holds: what one policy of several is handed. */
    Map<String, String> declaredIn(List<Argument<?>> declared) {
        Map<String, String> mine = new LinkedHashMap<>();
        for (Argument<?> a : declared) {
            if (given.containsKey(a.key())) {
                mine.put(a.key(), given.get(a.key()));
            }
        }
        return mine;
    }

    /** Every key given, in the order given. */
    Set<String> keys() {
        return given.keySet();
    }

    /** How the user gave the argument {@code key}: {@code --key} or {@code --policy-arg key}. */
    String spelled(String key) {
        return byOwnOption.contains(key) ? "--" + key : "--policy-arg " + key;
    }

    /**
     * A usage error for a policy's refusal, naming the option as given: an argument that only other
     * policies of the model declare, one no policy declares, or a value refused.
     *
     * @param policies the policies chosen, as the user named them
     */
    ParameterException refused(ArgumentException e, String policies) {
        String option = spelled(e.key());
        if (e.isUndeclared() && !e.takenBy().isEmpty()) {
            return usage(
                    option + " applies to --policy " + String.join(" or ", e.takenBy()) + " only, not " + policies);
        }
        return usage(option + " " + e.getMessage());
    }

    private ParameterException usage(String message) {
        return new ParameterException(cli, message);
    }
}
