package org.overbookd.policy.registry;

import java.util.List;

/** A policy name the registry does not hold for that model; the message lists the names it does. */
public final class UnknownPolicyException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final transient List<String> known;

    UnknownPolicyException(String name, List<String> known) {
        super("'" + name + "' is not one of " + String.join(", ", known));
        this.known = List.copyOf(known);
    }

    /** The names the registry holds for that model, in registration order. */
    public List<String> known() {
        return known;
    }
}
