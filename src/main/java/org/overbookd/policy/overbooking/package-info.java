/**
 * Overbooking with bounds and slots (Verboven et al., Algorithms 1 and 2): OverbookingPolicy and
 * its settings, and the rules the paper leaves open (host order, queue rule, victim rule,
 * placement, sticky slots). The daemon and the simulator of the sim package run it through the
 * control loop. A step takes one of two paths to the same decisions: the indexed one when the view
 * offers model.BoundScan and model.QueueIndex (the simulated world's does), the general one, its own
 * filter of the hosts and sort of the queue, otherwise (OpenNebula's views); IndexedPathTest keeps
 * them equal.
 *
 * <p>Layer 4, policy (see ArchitectureTest): may import the other policy packages (it uses the
 * configuration solvers of maxweight and the QoS equations of qos), io, random and model.
 */
package org.overbookd.policy.overbooking;
