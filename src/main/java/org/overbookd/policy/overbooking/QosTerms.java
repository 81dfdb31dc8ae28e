package org.overbookd.policy.overbooking;

import java.time.Duration;
import java.util.Objects;

/**
 * What the QoS rules need beyond the VMs' own history.
 *
 * @param defaultSlo     availability SLO of a low-QoS VM whose owner named none (0 to 1). 0.5 is
 *                       the lowest class of Silva et al. (bronze): low-QoS work is best effort
 * @param allocationTime Silva et al.'s alpha, the time a VM needs to get going again once placed
 *                       (a resume or a boot); Q subtracts it from the slack
 */
public record QosTerms(double defaultSlo, Duration allocationTime) {

    public static final QosTerms DEFAULTS = new QosTerms(0.5, Duration.ofSeconds(30));

    public QosTerms {
        Objects.requireNonNull(allocationTime, "allocationTime");
        if (!(defaultSlo >= 0 && defaultSlo <= 1)) {
            throw new IllegalArgumentException("default SLO must be in [0, 1], got " + defaultSlo);
        }
        if (allocationTime.isNegative()) {
            throw new IllegalArgumentException("allocation time must not be negative, got " + allocationTime);
        }
    }
}
