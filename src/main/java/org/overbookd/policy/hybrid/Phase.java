package org.overbookd.policy.hybrid;

/** The two phases of HYBRID (section 3): which principle placed a task. */
public enum Phase {
    /** A sticky label was free: first arrival first, never evicted afterwards. */
    STICKY,
    /** Every sticky label was taken (or there are none, as in PRI): priority first, preemptive. */
    REGULAR
}
