package org.overbookd.policy.overbooking;

import java.util.Objects;

/**
 * The three knobs of Verboven et al. plus the host order we had to choose.
 *
 * @param lowerBound a host whose utilization is at or below it may receive an overbooked VM
 * @param upperBound a host with overbooked VMs at or above it gives up the one added last
 * @param slots      overbooked VMs allowed per host at once; 0 turns overbooking off
 * @param hostOrder  which candidate host a queued VM gets first
 * @param stickySlots overbooked VMs, cluster-wide, that are never taken off their host (Çavdar et al.'s
 *                    sticky slots applied to overbooking); 0 for the paper's plain policy
 */
public record OverbookingSettings(double lowerBound, double upperBound, int slots, HostOrder hostOrder,
        int stickySlots) {

    public OverbookingSettings(double lowerBound, double upperBound, int slots, HostOrder hostOrder) {
        this(lowerBound, upperBound, slots, hostOrder, 0);
    }

    public OverbookingSettings {
        Objects.requireNonNull(hostOrder, "hostOrder");
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
}
