package org.overbookd.sim.types;

/**
 * What one run measured over [0, horizon].
 *
 * @param policy     scheduler name
 * @param beta       Algorithm 1's beta; NaN for the other policies
 * @param solver     configuration solver (exact, greedy), or empty for policies without one
 * @param meanQueue  time average of the total queue size sum_j Q_j(t)
 * @param maxQueue   its largest value
 * @param finalQueue its value at the horizon
 * @param meanDelay  mean wait in queue of the VMs that started by the horizon (0 for those that
 *                   started on arrival); VMs still waiting at the horizon are not in it, see finalQueue
 * @param throughput VMs that finished per unit of time
 * @param arrivals   VMs that arrived
 * @param started    VMs that started
 * @param completed  VMs that finished
 * @param idleActive         time-average share of the cluster's capacity free inside servers that
 *                           schedule (every server, for a policy that never stalls)
 * @param idleStalledRunning ... free inside stalled servers that still run VMs (Algorithm 1's drain)
 * @param idleStalledEmpty   ... free inside stalled empty servers (waiting for a VM that has to queue)
 * @param samples    the sampled queue sizes (queue.csv)
 */
public record TypesResult(
        String policy,
        double beta,
        String solver,
        double horizon,
        double meanQueue,
        long maxQueue,
        long finalQueue,
        double meanDelay,
        double throughput,
        long arrivals,
        long started,
        long completed,
        double idleActive,
        double idleStalledRunning,
        double idleStalledEmpty,
        QueueSamples samples) {}
