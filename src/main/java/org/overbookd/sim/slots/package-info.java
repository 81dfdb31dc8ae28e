/**
 * The slot model of Çavdar et al. for the policies of policy.hybrid: servers of Table 1, the
 * built-in steady, swinging and calibrated scenarios or tasks from CSV or Google cluster-data, the
 * event-driven run, and Table 2's metrics and CSV outputs.
 *
 * <p>Layer 8, sim (see ArchitectureTest): may import sim and the layers below it.
 */
package org.overbookd.sim.slots;
