/**
 * The trace-driven simulation of the QoS-driven scheduler of Silva et al. (the policies of
 * policy.qos): workloads and hosts from CSV files or Google cluster-data, the generated Google-cell
 * month, the generated users of a cell with section 4.2's samples of them and section 4.3's cells
 * sized on a sample's peak, host events, start-up overheads, and the result tables and charts.
 *
 * <p>Layer 8, sim (see ArchitectureTest): may import sim and the layers below it.
 */
package org.overbookd.sim.requests;
