/**
 * The overbooking contract: ClusterPolicy (the overbooking loop's Decider: the observed cluster and
 * the instant in, Decisions out), NamedClusterPolicy (one chosen by name from the policy registry) and Decision (deploy, resume, suspend: one step of its plan, with
 * its Reason), with what a step did not do: HeldBack (a decision a live guard held back) and Yielded
 * (a guard that gave way to the upper bound). What the control loop, the backends, the audit and the simulator of the overbooking
 * model share; the policy itself (Verboven et al.'s Algorithms 1 and 2) is in overbooking.
 *
 * <p>Layer 4, policy (see ArchitectureTest): may import the other policy packages, io, random and
 * model.
 */
package org.overbookd.policy.cluster;
