/**
 * The operator's view of the running daemon, as cycle listeners: Prometheus metrics and their
 * endpoint, the status file read by overbookd status, and systemd's readiness, watchdog and status
 * line.
 *
 * <p>Layer 10, daemon (see ArchitectureTest): may import config and everything below. It implements
 * loop's CycleListener; daemon wires it in, and it does not import daemon.
 */
package org.overbookd.daemon.health;
