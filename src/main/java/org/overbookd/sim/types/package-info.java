/**
 * The VM-type model of Psychas and Ghaderi for the schedulers of policy.maxweight: scenario files,
 * Poisson arrivals or traces, the event engine with its total order, queue metrics, summary.csv,
 * queue.csv and the queue chart.
 *
 * <p>Layer 8, sim (see ArchitectureTest): may import sim and the layers below it.
 */
package org.overbookd.sim.types;
