package org.overbookd.backend.simulated;

/**
 * What the simulated world has counted since it started, up to its clock: the raw sums its driver
 * turns into the metrics of a run. Stretches still open (a low-QoS VM running, a high-QoS VM
 * holding its core) count up to the clock.
 *
 * @param suspends                 suspensions enacted
 * @param resumes                  resumptions enacted
 * @param deploys                  first placements of low-QoS VMs enacted
 * @param refused                  decisions refused
 * @param lowCompleted             low-QoS VMs that finished their work
 * @param lowCompletedWaitSeconds  seconds those VMs spent queued, summed
 * @param lowAvailabilitySum       Silva et al.'s availability e / (e + p) of those VMs, summed
 * @param lowAvailabilityMin       the smallest of those availabilities (1 when none finished)
 * @param overbookedSeconds        seconds low-QoS VMs spent running (operations excluded)
 * @param highHeldSeconds          core-seconds high-QoS VMs held: each VM counts its cores (a synthetic
 *                                 VM one, a replayed VM its recorded vcpus, 1 when the record does
 *                                 not say) while it holds them
 * @param deliveredIntegral        CPU delivered (each host's demand capped at its capacity)
 *                                 integrated over time, percent-of-core seconds
 * @param mostSuspendsInDay        the most suspensions of one low-QoS VM within 24 hours, over every VM
 *                                 and every 24 hours of the run
 * @param placedSeconds            seconds from each low-QoS VM's first deploy to its finish or the
 *                                 clock, summed: the VM-time suspensions per VM-day are counted over
 */
public record Totals(
        long suspends,
        long resumes,
        long deploys,
        long refused,
        long lowCompleted,
        long lowCompletedWaitSeconds,
        double lowAvailabilitySum,
        double lowAvailabilityMin,
        long overbookedSeconds,
        long highHeldSeconds,
        double deliveredIntegral,
        int mostSuspendsInDay,
        long placedSeconds) {}
