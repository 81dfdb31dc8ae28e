package org.overbookd.sim.overbooking;

/**
 * The metrics of one simulated run, named as in Verboven et al. tables 1-3; sim/README.md defines
 * each precisely.
 *
 * @param utilization       mean CPU utilization of the cluster, percent: CPU delivered (each host's
 *                          demand capped at its capacity) integrated over the run, over capacity x duration
 * @param overbookedHours   hours low-QoS VMs spent running (operations excluded)
 * @param suspends          suspensions enacted
 * @param degradation100    overbooking steps x hosts at which measured utilization exceeded 100%
 * @param degradation95     the same above 95% (the paper's 5% overhead)
 * @param resumes           resumptions enacted
 * @param deploys           first placements of low-QoS VMs enacted
 * @param lowCompleted      low-QoS VMs that finished their work within the run
 * @param lowMeanWaitHours  mean time a completed low-QoS VM spent queued (before its first start and
 *                          while suspended), hours
 * @param lowMeanAvailability mean over completed low-QoS VMs of their availability when they finished:
 *                          time run over time since first arrival (Silva et al.'s eq. 1)
 * @param lowMinAvailability the smallest of those availabilities
 * @param highHours         hours high-QoS VMs held their cores
 * @param refused           decisions the simulated backend refused (0 unless a policy breaks a rule)
 * @param steps             overbooking steps run
 * @param mostSuspendsInDay the most suspensions of one low-QoS VM within 24 hours (what the live cap
 *                          of suspensions per VM bounds)
 * @param suspendsPerVmDay  suspensions per low-QoS VM per day: suspensions over the days low-QoS VMs
 *                          spent from their first deploy to their finish or the end of the run
 */
public record SimResult(
        double utilization,
        double overbookedHours,
        long suspends,
        long degradation100,
        long degradation95,
        long resumes,
        long deploys,
        long lowCompleted,
        double lowMeanWaitHours,
        double lowMeanAvailability,
        double lowMinAvailability,
        double highHours,
        long refused,
        long steps,
        long mostSuspendsInDay,
        double suspendsPerVmDay) {

    /** A result that does not say how suspensions fell on VMs (0 for both). */
    public SimResult(
            double utilization,
            double overbookedHours,
            long suspends,
            long degradation100,
            long degradation95,
            long resumes,
            long deploys,
            long lowCompleted,
            double lowMeanWaitHours,
            double lowMeanAvailability,
            double lowMinAvailability,
            double highHours,
            long refused,
            long steps) {
        this(
                utilization,
                overbookedHours,
                suspends,
                degradation100,
                degradation95,
                resumes,
                deploys,
                lowCompleted,
                lowMeanWaitHours,
                lowMeanAvailability,
                lowMinAvailability,
                highHours,
                refused,
                steps,
                0,
                0);
    }
}
