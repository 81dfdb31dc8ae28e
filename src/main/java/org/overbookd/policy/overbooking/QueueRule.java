package org.overbookd.policy.overbooking;

/** Which queued low-QoS VM Algorithm 1 serves first ({@code overbooking.queue}). */
public enum QueueRule {
    /** The paper's order: VMs taken off a host first, then new ones, each by first arrival ({@link QueueOrder#FIFO}). */
    FIFO,
    /**
     * Silva et al.'s QoS metric: the VM closest to violating its availability SLO first (Q ascending),
     * ties in FIFO order. For VMs that have never run this is the FIFO order of arrival.
     */
    QOS
}
