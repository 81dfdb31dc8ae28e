package org.overbookd.policy.overbooking;

/**
 * How Algorithm 1 matches queued low-QoS VMs to the candidate hosts ({@code overbooking.placement}).
 * Candidates are the paper's: hosts at or below the lower bound with a free slot. Where VMs have
 * sizes, a VM fits a candidate when its memory fits the host's free memory and its CPU, at full
 * load, would not take the host past the upper bound (see {@link Room}).
 */
public enum Placement {
    /**
     * In queue order, each VM takes the first candidate, in host order, that it fits. VMs without a
     * size fit everywhere, which is the paper's Algorithm 1 exactly.
     */
    FIRST_FIT,
    /**
     * Psychas and Ghaderi's max-weight rule: each candidate, in host order, gets a VM of the size that
     * a max-weight configuration for its room holds with the longest queue, where a configuration's
     * weight is the sum over its VMs of the number of queued VMs of their size. Within a size, queue
     * order decides. Keeps every size's queue short when sizes differ and some are rarely first.
     */
    MAXWEIGHT
}
