/**
 * The operator's view of the running daemon, as cycle listeners: Prometheus metrics and their
 * endpoint, the status file read by overbookd status, and systemd's readiness, watchdog and status
 * line.
 *
 * <p>Layer 10, daemon (see ArchitectureTest): may import config and everything below; uses daemon
 * (the CycleListener contract; a cycle on the test's allow-list), config, loop, backend and model.
 */
package org.overbookd.daemon.health;
