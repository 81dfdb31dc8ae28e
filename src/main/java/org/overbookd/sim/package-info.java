/**
 * The simulated cluster of Verboven et al. (Simulation, SimulatedBackend, its real-time variant for
 * the daemon, SimConfig, recorded workloads) and, until issue 18 gives them a floor of their own,
 * pieces the other models share: the event queue and the summary table writer. The three other paper models are in the sub-packages.
 *
 * <p>Layer 8 (see ArchitectureTest): may import loop, audit, backend, policy, io, random and model;
 * not config: the settings are bound to SimConfig in config.
 */
package org.overbookd.sim;
