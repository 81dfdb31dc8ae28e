package org.overbookd.policy.qos;

/**
 * The speed-ups of section 3.5.1, off by default so the policy is exactly the paper's.
 *
 * @param hostsToScore   stop looking for hosts once this many feasible ones were found, starting
 *                       the scan at a random host (Kubernetes' percentageOfNodesToScore); 0 = all
 * @param failuresInARow stop processing the pending queue after this many requests in a row could
 *                       not be placed; 0 = never
 */
public record ScanLimits(int hostsToScore, int failuresInARow) {

    public static final ScanLimits NONE = new ScanLimits(0, 0);

    public ScanLimits {
        if (hostsToScore < 0 || failuresInARow < 0) {
            throw new IllegalArgumentException("scan limits must be >= 0");
        }
    }
}
