/**
 * High availability: several daemons sharing one clustered Quartz schedule on PostgreSQL (the
 * database, its schema and pool), the writer lease that only one of them holds at a time and that
 * gates enactment (an EnactGate), the role each node reports, and the single-mode guard that makes a
 * second daemon without HA stand down when it sees the first one's heartbeat in OpenNebula (one entry
 * per node, withdrawn on a clean stop, taken over from a predecessor whose process is gone).
 *
 * <p>Layer 10, daemon (see ArchitectureTest): may import config and everything below; it does not
 * import daemon itself, which wires it in.
 */
package org.overbookd.daemon.ha;
