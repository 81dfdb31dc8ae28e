package org.overbookd.policy.qos;

/**
 * A service class of Silva et al.: an availability SLO sigma, an importance rank (1 is the most
 * important, as the paper's index i), a safety margin phi in seconds, the limit on the preemption
 * overhead of eq. 8, and the static priority the baseline scheduler gives its requests.
 */
public record ServiceClass(
        String name, double slo, int importance, double safetyMarginS, double overheadLimit, int priority) {

    /** The paper's safety margin: 10 seconds for every class (section 4.1.3). */
    public static final double DEFAULT_SAFETY_MARGIN_S = 10.0;

    public ServiceClass {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a service class needs a name");
        }
        if (!(slo >= 0 && slo <= 1)) {
            throw new IllegalArgumentException("SLO of " + name + " must be in [0, 1]: " + slo);
        }
        if (importance < 1) {
            throw new IllegalArgumentException("importance of " + name + " must be 1 or more: " + importance);
        }
    }

    /** A class with the paper's defaults: phi = 10 s and an overhead limit of 1 - SLO. */
    public static ServiceClass of(String name, double slo, int importance, int priority) {
        return new ServiceClass(name, slo, importance, DEFAULT_SAFETY_MARGIN_S, 1 - slo, priority);
    }
}
