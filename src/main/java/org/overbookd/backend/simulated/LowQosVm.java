package org.overbookd.backend.simulated;

import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;
import org.overbookd.backend.simulated.flat.HotState;
import org.overbookd.backend.simulated.load.LoadGenerator;
import org.overbookd.model.QosClass;

/**
 * A simulated low-QoS VM: queued on arrival, placed, suspended and resumed by overbookd, possibly on
 * another host each time, until its work is done. What it keeps beyond every VM's fields: its size,
 * its time in the queue, its suspensions for the live guards, and the state of its load draw while
 * it holds no slot.
 */
final class LowQosVm extends SimVm {

    /** CPU size in cores (sim.low-qos.sizes), 0 when the VM has none; its load scales with it. */
    double cores;

    long queuedSinceSeconds;
    long waitedSeconds;
    /** When overbookd suspended the VM in the last day, for the live guards; null until it first is. */
    long[] suspensions;
    /** When the VM was first deployed, for the suspensions per VM-day; {@link #NOT_PLACED} until it is. */
    long firstPlacedSeconds = NOT_PLACED;
    /** The VM's spike state while it holds no slot (see {@link HotState#spike}). */
    private byte spike;
    /**
     * The index of the VM's draw profile in {@link HotState}'s table, -1 until the VM first takes a
     * slot: the table only grows, so an index found once holds.
     */
    private int profileIndex = -1;

    /** @param random the VM's stream, after every draw that makes the VM: it draws only loads from here on */
    LowQosVm(
            long id,
            LoadGenerator generator,
            SplittableRandom random,
            long runtimeSeconds,
            long arrivalSeconds,
            Instant firstArrival) {
        super(id, QosClass.LOW, generator, random, runtimeSeconds, arrivalSeconds, firstArrival);
    }

    @Override
    double cores() {
        return cores;
    }

    /** Counted from the world's own record of its suspensions, which a restarted policy would read the same. */
    @Override
    public int suspensionsSince(Instant since) {
        if (suspensions == null) {
            return 0;
        }
        // the first second whose instant is at or after since, on the clock firstArrival was read from
        long millis = Duration.between(firstArrival(), since).toMillis();
        return RecentTimes.since(suspensions, firstArrivalSeconds + Math.floorDiv(millis + 999, 1000));
    }

    @Override
    public byte spike() {
        return spike;
    }

    @Override
    public void spike(byte state) {
        this.spike = state;
    }

    @Override
    public int profileIndex() {
        return profileIndex;
    }

    @Override
    public void profileIndex(int index) {
        this.profileIndex = index;
    }
}
