/**
 * The one control loop of overbookd: observe, decide, audit, enact, audit (ControlLoop), what a
 * cycle did (CycleResult) and why it failed (CycleFailure), and the gate asked before enacting
 * (EnactGate). The daemon runs it on a
 * schedule against OpenNebula; the simulator runs it at its overbooking steps.
 *
 * <p>Layer 7 (see ArchitectureTest): may import audit, backend, policy, io, random and model.
 */
package org.overbookd.loop;
