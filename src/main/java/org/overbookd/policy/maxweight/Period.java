package org.overbookd.policy.maxweight;

/** The two periods of a server under Algorithm 1. */
public enum Period {
    /** Schedules VMs from the queues into a fixed configuration, reserving slots it cannot fill. */
    ACTIVE,
    /** Schedules nothing; waits for its VMs to finish, then starts a new active period. */
    STALLED
}
