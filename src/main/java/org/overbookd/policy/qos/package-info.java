/**
 * The QoS-driven scheduler of Silva et al. and its priority-based baseline: one scheduling pass
 * (RequestScheduler) built from plugins in the manner of the Kubernetes scheduling framework (queue sort,
 * filter, score, preemption), the service classes and their equations, and the exact speed-up index
 * over free CPU. A pass reads views and returns placements.
 *
 * <p>Layer 4, policy (see ArchitectureTest): may import the other policy packages, io, random and
 * model; never the simulator that runs it.
 */
package org.overbookd.policy.qos;
