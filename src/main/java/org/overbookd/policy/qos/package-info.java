/**
 * The QoS-driven scheduler of Silva et al. and its priority-based baseline: one scheduling pass
 * (RequestScheduler) built from named plugins in the manner of the Kubernetes scheduling framework
 * (QueueSort, Filter with its FilterStatus, Preemption, PreemptionCost), the optional extensions a plugin may add for
 * speed (PreemptionSpeedUp, QueueSortSpeedUp; they never change a decision), the service classes and their equations, and the exact speed-up index
 * (HostIndex over free CPU, the flat HostTable with its bounds over blocks of hosts in FitBlocks, the
 * class columns, the records of failed scans in FailedScans). A pass reads views and returns
 * Allocations as data.
 *
 * <p>The index is the policy's own state, not rebuilt from a view: RequestPolicy owns it, the world
 * reports to it what the policy did not decide (hosts up and down, instances ending), and each pass
 * records its own allocations and preemptions in it, since the world applies every one it returns.
 * Rebuilding it per pass would be exact too but cost a scan of 12,500 hosts per pass.
 *
 * <p>Layer 4, policy (see ArchitectureTest): may import the other policy packages, io, random,
 * sorted and model; never the simulator that runs it.
 */
package org.overbookd.policy.qos;
