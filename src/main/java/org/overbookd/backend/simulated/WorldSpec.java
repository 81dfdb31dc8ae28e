package org.overbookd.backend.simulated;

/**
 * What the simulated world of Verboven et al. is made of, in seconds: its hosts (synthetic, or
 * those of a recorded cluster), the seed every random stream is derived from, what a VM operation
 * costs, how often loads are drawn, and the workload. How long it runs and how often a policy
 * steps in are its driver's business, not the world's.
 *
 * @param nodes               synthetic hosts (unused when {@code recorded} is set)
 * @param coresPerNode        cores of each synthetic host, each held by one high-QoS VM
 * @param operationCostSeconds how long a boot and a shutdown take (the paper's c_b, c_t)
 * @param suspendCostSeconds  how long a suspension takes (c_p); the paper's one operation cost unless
 *                            measured otherwise (a real host's grows with the VM's memory)
 * @param resumeCostSeconds   how long a resume takes (c_r), likewise
 * @param monitoringLagSeconds how old the host utilization a policy sees is (0: the paper's, current;
 *                            a real monitoring system's samples are seconds to minutes old)
 * @param operationLoad       CPU load of a VM operation on its host, percent of one core
 * @param recorded            a recorded cluster whose hosts and high-QoS loads replace the
 *                            synthetic ones, or null
 * @param forecast            how the hosts forecast their utilization; {@link ForecastSpec#NONE}: not at all
 */
public record WorldSpec(
        int nodes,
        int coresPerNode,
        long seed,
        long operationCostSeconds,
        long suspendCostSeconds,
        long resumeCostSeconds,
        long monitoringLagSeconds,
        double operationLoad,
        long loadIntervalSeconds,
        SyntheticWorkload workload,
        RecordedWorkload recorded,
        ForecastSpec forecast) {

    public WorldSpec {
        java.util.Objects.requireNonNull(forecast, "forecast");
    }

    /** The paper's world: one cost for every operation, a current view, hosts that forecast nothing. */
    public WorldSpec(
            int nodes,
            int coresPerNode,
            long seed,
            long operationCostSeconds,
            double operationLoad,
            long loadIntervalSeconds,
            SyntheticWorkload workload,
            RecordedWorkload recorded) {
        this(
                nodes,
                coresPerNode,
                seed,
                operationCostSeconds,
                operationCostSeconds,
                operationCostSeconds,
                0,
                operationLoad,
                loadIntervalSeconds,
                workload,
                recorded,
                ForecastSpec.NONE);
    }

    /** The number of hosts actually simulated. */
    public int hostCount() {
        return recorded == null ? nodes : recorded.hosts().size();
    }

    /** Total cores of the simulated cluster. */
    public long totalCores() {
        return recorded == null
                ? (long) nodes * coresPerNode
                : recorded.hosts().stream()
                        .mapToLong(RecordedWorkload.Host::cores)
                        .sum();
    }
}
