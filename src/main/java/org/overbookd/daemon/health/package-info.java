/**
 * The operator's view of the running daemon, as cycle listeners: Prometheus metrics and their
 * endpoint, the status file read by overbookd status, and systemd's readiness, watchdog and status
 * line.
 *
 * <p>Layer 10, daemon (see ArchitectureTest): may import config and everything below. It implements
 * daemon's CycleListener while daemon wires it in: a cycle between the two packages, on the test's
 * allow-list until the listener contract moves below both.
 */
package org.overbookd.daemon.health;
