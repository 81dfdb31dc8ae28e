package org.overbookd.backend.simulated;

import org.overbookd.backend.simulated.load.TraceLoad;
import org.overbookd.model.VmState;

/**
 * The world's running counts, told of each event as it happens, handed out as {@link Totals}. A
 * stretch still open (a VM running, a high-QoS VM holding its core) is counted when it closes, or
 * up to the clock in {@link #totals}, which closes nothing.
 */
final class Tally {

    private long suspends;
    private long resumes;
    private long deploys;
    private long refused;
    private long lowCompleted;
    private long lowCompletedWaitSeconds;
    private double lowAvailabilitySum;
    private double lowAvailabilityMin = 1.0;
    private long overbookedSeconds;
    private long highHeldSeconds;
    /** The most suspensions of one VM within 24 hours, over every VM and every window. */
    private int mostSuspendsInDay;
    /** Low-QoS VMs deployed at least once and not finished, and the sum of their first deploy seconds. */
    private long placedAlive;

    private long placedAliveStartSum;
    /** Seconds from first deploy to finish of the VMs that finished. */
    private long placedFinishedSeconds;

    /** @param inDay the VM's suspensions in the 24 hours that end with this one */
    void suspended(int inDay) {
        suspends++;
        mostSuspendsInDay = Math.max(mostSuspendsInDay, inDay);
    }

    void resumed() {
        resumes++;
    }

    /** {@code vm} was deployed at {@code now}; its days since then count towards the suspensions per VM-day. */
    void deployed(LowQosVm vm, long now) {
        deploys++;
        if (vm.firstPlacedSeconds == SimVm.NOT_PLACED) {
            vm.firstPlacedSeconds = now;
            placedAlive++;
            placedAliveStartSum += now;
        }
    }

    void refused() {
        refused++;
    }

    /** A low-QoS VM stopped running after {@code seconds}. */
    void lowRan(long seconds) {
        overbookedSeconds += seconds;
    }

    /** A high-QoS VM gave up its core after holding it {@code seconds}. */
    void highHeld(long seconds) {
        highHeldSeconds += seconds;
    }

    /**
     * A low-QoS VM terminated having done all its work.
     *
     * @param availability Silva et al.'s e / (e + p): time run over time since its first arrival
     */
    void lowCompleted(LowQosVm vm, long now, double availability) {
        if (vm.firstPlacedSeconds != SimVm.NOT_PLACED) {
            placedAlive--;
            placedAliveStartSum -= vm.firstPlacedSeconds;
            placedFinishedSeconds += now - vm.firstPlacedSeconds;
        }
        lowCompleted++;
        lowCompletedWaitSeconds += vm.waitedSeconds;
        lowAvailabilitySum += availability;
        lowAvailabilityMin = Math.min(lowAvailabilityMin, availability);
    }

    /** The counts up to {@code now}, open stretches and the CPU delivered on each host included. */
    Totals totals(SimHost[] hosts, long now) {
        long highHeld = highHeldSeconds;
        long overbooked = overbookedSeconds;
        double delivered = 0;
        for (SimHost host : hosts) {
            delivered += host.deliveredUntil(now);
            for (HighQosVm vm : host.high) {
                // a replayed lane holds cores only while a VM is in the record, as many as that VM's (the
                // slot stays, at load 0, where none was: counting that too overstated a record with churn)
                highHeld += vm.generator instanceof TraceLoad trace
                        ? trace.coreSeconds(vm.heldSinceSeconds, now)
                        : now - vm.heldSinceSeconds;
            }
            for (SimVm vm : host.low) {
                if (vm.state == VmState.RUNNING) {
                    overbooked += now - vm.runningSinceSeconds;
                }
            }
        }
        return new Totals(
                suspends,
                resumes,
                deploys,
                refused,
                lowCompleted,
                lowCompletedWaitSeconds,
                lowAvailabilitySum,
                lowAvailabilityMin,
                overbooked,
                highHeld,
                delivered,
                mostSuspendsInDay,
                placedFinishedSeconds + placedAlive * now - placedAliveStartSum);
    }
}
