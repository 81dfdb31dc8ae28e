/**
 * The VM-type model of Psychas and Ghaderi for the schedulers of policy.maxweight: scenario files,
 * Poisson arrivals or traces (Google task events, the Standard Workload Format), the run on the
 * engine package's EventQueue, queue metrics, summary.csv, queue.csv and the queue chart.
 *
 * <p>Layer 8, sim (see ArchitectureTest): may import sim and the layers below it.
 */
package org.overbookd.sim.types;
