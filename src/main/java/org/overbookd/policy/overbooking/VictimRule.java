package org.overbookd.policy.overbooking;

/** Which overbooked VM Algorithm 2 takes off a host at the upper bound ({@code overbooking.victim}). */
public enum VictimRule {
    /** The paper's choice: the overbooked VM added last. */
    LAST_ADDED,
    /**
     * Silva et al.'s preemption choice: the VM furthest from violating its availability SLO (Q
     * largest), which can best afford to wait; ties go to the one added last.
     */
    QOS
}
