/**
 * The simulated cluster of Verboven et al. behind the Backend contract: hosts with one high-QoS VM
 * per core, an endless low-QoS queue, VM operations that cost time and CPU (suspend and resume at
 * the costs a real host measured, if given), a monitoring that may lag (MonitoringLag) and forecast
 * as OpenNebula's default model does (OneDefaultForecast), the synthetic or
 * recorded workload (and public traces written as records, TraceRecords), and the totals a run is
 * measured by; driven by a simulation step by step or,
 * for the daemon, by the wall clock (RealTimeSimulatedBackend). The load patterns are in the load
 * sub-package, the fast path of their draw in the flat one.
 *
 * <p>Two paths, each kept equal to the other by a test, and which one runs where. The load draw:
 * every run draws the noisy, spiky and business loads on the fast path, the flat sub-package
 * (HotState's arrays walked by LoadDrawer's loops); the pattern objects of the load sub-package are
 * the reference path, which defines each draw and is drawn through only for a recorded trace's VMs,
 * and in tests (HotStateTest, eachPatternDrawsWhatItsObjectDraws: the same bits). The policy's step: World offers
 * the indexed path (model.BoundScan and model.QueueIndex: the hosts at the bounds and the queue in
 * order, kept as the world changes), which every simulated run takes; a view from OpenNebula offers
 * neither and the policy filters and sorts it itself, the general path (WorldIndexTest on a busy
 * world, and policy.overbooking's IndexedPathTest on random views: the same decisions and reasons).
 *
 * <p>Layer 5, backend (see ArchitectureTest): may import backend, policy, io, the floor (random,
 * engine, whose Agenda orders the run's events, and stats) and model; not loop, audit, sim or config:
 * the driver of a run (sim.overbooking) and the binding of settings (config) sit above it.
 */
package org.overbookd.backend.simulated;
