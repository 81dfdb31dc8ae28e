package org.overbookd.daemon.ha;

/** What this daemon is allowed to do right now, as {@code overbookd status} and the metrics show it. */
public enum Role {
    /** HA mode, holding the writer lease: runs the overbooking steps and enacts. */
    ACTIVE,
    /** HA mode, another node holds the writer lease (or the database cannot be reached): enacts nothing. */
    STANDBY,
    /** No ha.jdbc-url: the only daemon, enacting on its own (it stands down if it sees another one in OpenNebula). */
    SINGLE
}
