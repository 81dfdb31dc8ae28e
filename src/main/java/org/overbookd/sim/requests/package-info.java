/**
 * The trace-driven simulation of the QoS-driven scheduler of Silva et al. (the policies of
 * policy.qos): workloads and hosts from CSV files or Google cluster-data, the generated Google-cell
 * month, host events, start-up overheads, and the result tables and charts.
 *
 * <p>Layer 8, sim (see ArchitectureTest): may import sim and the layers below it.
 */
package org.overbookd.sim.requests;
