/**
 * The fast path of the simulated backend's load draw: the world's per-host and per-slot state as
 * flat arrays (HotState), the table of distinct draw parameters its slots index (DrawProfiles),
 * the loops that draw every running VM's load from them (LoadDrawer, in ranges of hosts on the
 * caller's and a pool's threads), and a VM's random stream kept as its state alone (FlatStream).
 *
 * <p>Which path runs where. The pattern objects of the load package are the reference path: they
 * define each draw, and a simulated run draws through them only for a recorded trace's VMs. Every
 * run draws the noisy, spiky and business loads here, on the fast path, with the same arithmetic
 * (the static draws of the pattern classes) and the same bits. The tests that keep the two equal:
 * the simulated package's HotStateTest (eachPatternDrawsWhatItsObjectDraws, VMs that move between
 * hosts and slots, any number of threads) and this package's
 * FlatStreamTest (a stream as its state alone draws what a SplittableRandom draws).
 *
 * <p>The state knows the backend's VMs only as FlatVm, what it reads and writes of one taking or
 * leaving a slot; the backend (SimHost, SimVm, Lifecycle, World) uses this package, not the other
 * way round.
 *
 * <p>Layer 5, backend (see ArchitectureTest): may import backend.simulated.load, random and model;
 * not backend.simulated, which sits on it.
 */
package org.overbookd.backend.simulated.flat;
