/**
 * Non-preemptive scheduling by VM type (Psychas and Ghaderi): the max-weight scheduler of Algorithm
 * 1, its randomized-sampling (G16), fixed-configuration (M14) and best-fit comparisons, and the
 * configuration solvers. Schedulers see the cluster through TypedView and act only by starting
 * VMs on it.
 *
 * <p>Layer 4, policy (see ArchitectureTest): may import the other policy packages, io, random and
 * model; never the simulator that runs it.
 */
package org.overbookd.policy.maxweight;
