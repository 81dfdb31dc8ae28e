package org.overbookd.policy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The values of the arguments one policy declares: each given one parsed and checked, each other
 * at its default. Immutable; built only by {@link #of}, so a policy never sees a value its
 * {@link Argument} would refuse.
 */
public final class Arguments {

    private final Map<String, Object> values;

    private Arguments(Map<String, Object> values) {
        this.values = values;
    }

    /**
     * The values of {@code declared}, from the texts {@code given} by key (keys not declared are the
     * caller's to refuse first: this refuses them too, without naming who takes them).
     *
     * @throws ArgumentException naming the key of a value its argument refuses, or of a key not declared
     */
    public static Arguments of(String policy, List<Argument<?>> declared, Map<String, String> given) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Argument<?> a : declared) {
            String text = given.get(a.key());
            try {
                values.put(a.key(), text == null ? a.defaultValue() : a.parse().apply(text));
            } catch (IllegalArgumentException e) {
                throw ArgumentException.invalid(policy, a.key(), e.getMessage());
            }
        }
        for (String key : given.keySet()) {
            if (!values.containsKey(key)) {
                throw ArgumentException.undeclared(policy, key, List.of());
            }
        }
        return new Arguments(values);
    }

    /** Every declared argument at its default. */
    public static Arguments defaults(String policy, List<Argument<?>> declared) {
        return of(policy, declared, Map.of());
    }

    /**
     * The value of {@code argument}.
     *
     * @throws IllegalArgumentException when the policy these are the arguments of did not declare it
     *                                  (a policy reading an argument it forgot to declare)
     */
    public <T> T get(Argument<T> argument) {
        Object value = values.get(argument.key());
        if (value == null) {
            throw new IllegalArgumentException(
                    argument.key() + " is not among the declared arguments " + new ArrayList<>(values.keySet()));
        }
        @SuppressWarnings("unchecked") // stored by Argument<T>.parse or its default, under its own key
        T typed = (T) value;
        return typed;
    }
}
