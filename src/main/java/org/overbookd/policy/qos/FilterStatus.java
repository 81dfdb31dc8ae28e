package org.overbookd.policy.qos;

/**
 * What a {@link Filter} says of a host for an instance, as the Kubernetes scheduling framework's
 * Filter returns a Status: admitted, or refused with the reason why. The reason is written only
 * when read: a pass asks a filter of thousands of hosts and reads no reason, so a refusal costs a
 * constant or one small record, never a string.
 *
 * @param code   admitted, or which rule refused the host
 * @param detail the constraint's key for {@link Code#CONSTRAINT_UNMET}; empty otherwise
 */
public record FilterStatus(Code code, String detail) {

    /** Admitted, or the rule that refused. */
    public enum Code {
        ADMITTED,
        TOO_LITTLE_CPU,
        TOO_LITTLE_MEMORY,
        CONSTRAINT_UNMET
    }

    public static final FilterStatus ADMITTED = new FilterStatus(Code.ADMITTED, "");
    public static final FilterStatus TOO_LITTLE_CPU = new FilterStatus(Code.TOO_LITTLE_CPU, "");
    public static final FilterStatus TOO_LITTLE_MEMORY = new FilterStatus(Code.TOO_LITTLE_MEMORY, "");

    /** Refused: the host's attribute {@code key} is not the value the instance asks for. */
    public static FilterStatus constraintUnmet(String key) {
        return new FilterStatus(Code.CONSTRAINT_UNMET, key);
    }

    public boolean admitted() {
        return code == Code.ADMITTED;
    }

    /** Why, in words. */
    public String reason() {
        return switch (code) {
            case ADMITTED -> "admitted";
            case TOO_LITTLE_CPU -> "the host has less CPU than the instance asks for, even empty";
            case TOO_LITTLE_MEMORY -> "the host has less memory than the instance asks for, even empty";
            case CONSTRAINT_UNMET ->
                "the host's attribute " + detail + " is not the value the instance's constraint asks for";
        };
    }
}
