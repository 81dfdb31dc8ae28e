package org.overbookd.policy.overbooking;

import java.util.Objects;

/**
 * The three knobs of Verboven et al., the host order we had to choose, and the rules borrowed from
 * the other papers (sticky slots from Çavdar et al., the QoS metric from Silva et al.).
 *
 * @param lowerBound a host whose utilization is at or below it may receive an overbooked VM
 * @param upperBound a host with overbooked VMs at or above it gives one up
 * @param slots      overbooked VMs allowed per host at once; 0 turns overbooking off
 * @param hostOrder  which candidate host a queued VM gets first
 * @param stickySlots overbooked VMs, cluster-wide, that are never taken off their host (Çavdar et al.'s
 *                    sticky slots applied to overbooking); 0 for the paper's plain policy
 * @param queue      which queued VM goes first
 * @param victim     which overbooked VM a host at the upper bound gives up
 * @param qos        the SLO default and allocation time behind the QoS rules
 * @param placement  how queued VMs of different sizes are matched to candidate hosts
 * @param signal     what the bounds are compared with: the measurement, the VIM's forecast, or a blend
 * @param guards     the live guards against churn; {@link Guards#OFF} for the paper's policy
 */
public record OverbookingSettings(
        double lowerBound,
        double upperBound,
        int slots,
        HostOrder hostOrder,
        int stickySlots,
        QueueRule queue,
        VictimRule victim,
        QosTerms qos,
        Placement placement,
        UtilizationSignal signal,
        Guards guards) {

    /** The paper's signal (the measurement) and no guards. */
    public OverbookingSettings(
            double lowerBound,
            double upperBound,
            int slots,
            HostOrder hostOrder,
            int stickySlots,
            QueueRule queue,
            VictimRule victim,
            QosTerms qos,
            Placement placement) {
        this(
                lowerBound,
                upperBound,
                slots,
                hostOrder,
                stickySlots,
                queue,
                victim,
                qos,
                placement,
                UtilizationSignal.MEASURED,
                Guards.OFF);
    }

    public OverbookingSettings(double lowerBound, double upperBound, int slots, HostOrder hostOrder) {
        this(lowerBound, upperBound, slots, hostOrder, 0);
    }

    public OverbookingSettings(double lowerBound, double upperBound, int slots, HostOrder hostOrder, int stickySlots) {
        this(
                lowerBound,
                upperBound,
                slots,
                hostOrder,
                stickySlots,
                QueueRule.FIFO,
                VictimRule.LAST_ADDED,
                QosTerms.DEFAULTS,
                Placement.FIRST_FIT);
    }

    public OverbookingSettings {
        Objects.requireNonNull(hostOrder, "hostOrder");
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(victim, "victim");
        Objects.requireNonNull(qos, "qos");
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(signal, "signal");
        Objects.requireNonNull(guards, "guards");
        if (!(lowerBound >= 0 && upperBound <= 100 && lowerBound < upperBound)) {
            throw new IllegalArgumentException(
                    "bounds must satisfy 0 <= lower < upper <= 100, got lower " + lowerBound + ", upper " + upperBound);
        }
        if (slots < 0) {
            throw new IllegalArgumentException("slots must be >= 0, got " + slots);
        }
        if (stickySlots < 0) {
            throw new IllegalArgumentException("stickySlots must be >= 0, got " + stickySlots);
        }
    }

    /** These settings with the given QoS rules. */
    public OverbookingSettings withQosRules(QueueRule queue, VictimRule victim, QosTerms qos) {
        return new OverbookingSettings(
                lowerBound, upperBound, slots, hostOrder, stickySlots, queue, victim, qos, placement, signal, guards);
    }

    /** These settings with another placement. */
    public OverbookingSettings withPlacement(Placement other) {
        return new OverbookingSettings(
                lowerBound, upperBound, slots, hostOrder, stickySlots, queue, victim, qos, other, signal, guards);
    }

    /** These settings judging hosts on another signal. */
    public OverbookingSettings withSignal(UtilizationSignal other) {
        return new OverbookingSettings(
                lowerBound, upperBound, slots, hostOrder, stickySlots, queue, victim, qos, placement, other, guards);
    }

    /** These settings with other guards. */
    public OverbookingSettings withGuards(Guards other) {
        return new OverbookingSettings(
                lowerBound, upperBound, slots, hostOrder, stickySlots, queue, victim, qos, placement, signal, other);
    }

    /** True when a rule reads the VMs' run history, which a backend may have to fetch. */
    public boolean needsRunHistory() {
        return queue == QueueRule.QOS || victim == VictimRule.QOS;
    }
}
