/**
 * The Verboven et al. overbooking simulation: SimConfig (the simulated world, how long it runs and
 * how often the policy steps in), the Simulation that drives backend.simulated through the shared
 * control loop on a virtual clock, its SimResult (the metrics of tables 1-3), and SummaryTable, the
 * metric columns of this model's summary.csv and of the sweep's sweep.csv (the other models write
 * tables of their own).
 *
 * <p>Layer 8, sim (see ArchitectureTest): may import loop, audit, backend, policy, io, random and
 * model; not config: the settings are bound to SimConfig in config.
 */
package org.overbookd.sim.overbooking;
