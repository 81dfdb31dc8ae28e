/**
 * The simulated cluster of Verboven et al. behind the Backend contract: hosts with one high-QoS VM
 * per core, an endless low-QoS queue, VM operations that cost time and CPU, the synthetic or
 * recorded workload (and public traces written as records, TraceRecords), and the totals a run is
 * measured by; driven by a simulation step by step or,
 * for the daemon, by the wall clock (RealTimeSimulatedBackend). The load patterns are in the
 * sub-package.
 *
 * <p>Layer 5, backend (see ArchitectureTest): may import backend, policy, io, the floor (random,
 * engine, whose Agenda orders the run's events, and stats) and model; not loop, audit, sim or config:
 * the driver of a run (sim.overbooking) and the binding of settings (config) sit above it.
 */
package org.overbookd.backend.simulated;
