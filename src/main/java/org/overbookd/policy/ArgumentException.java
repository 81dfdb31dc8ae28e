package org.overbookd.policy;

import java.util.List;

/**
 * An argument given to a policy that it refuses: a value its {@link Argument} does not accept, or a
 * key it does not declare (with the policies of its model that do, if any). The command line turns
 * it into a usage error naming the option; the configuration into one naming the key.
 */
public final class ArgumentException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String policy;
    private final String key;
    private final boolean undeclared;
    private final transient List<String> takenBy;

    private ArgumentException(String policy, String key, String problem, boolean undeclared, List<String> takenBy) {
        super(problem);
        this.policy = policy;
        this.key = key;
        this.undeclared = undeclared;
        this.takenBy = List.copyOf(takenBy);
    }

    /** A value the argument {@code key} of {@code policy} refuses; {@code problem} says why. */
    public static ArgumentException invalid(String policy, String key, String problem) {
        return new ArgumentException(policy, key, problem, false, List.of());
    }

    /** A key {@code policy} does not declare; {@code takenBy}: the policies of its model that do. */
    public static ArgumentException undeclared(String policy, String key, List<String> takenBy) {
        return new ArgumentException(
                policy,
                key,
                takenBy.isEmpty()
                        ? "is not an argument of " + policy
                        : "applies to " + String.join(", ", takenBy) + " only, not " + policy,
                true,
                takenBy);
    }

    public String policy() {
        return policy;
    }

    public String key() {
        return key;
    }

    /** Whether the key is one the policy does not declare (else its value was refused). */
    public boolean isUndeclared() {
        return undeclared;
    }

    /** The policies of the model that declare the key, when {@link #isUndeclared()}; may be empty. */
    public List<String> takenBy() {
        return takenBy;
    }
}
