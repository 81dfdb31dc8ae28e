package org.overbookd.backend.simulated;

import java.time.Instant;
import java.util.SplittableRandom;
import org.overbookd.backend.simulated.flat.HotState;
import org.overbookd.backend.simulated.load.LoadGenerator;
import org.overbookd.model.QosClass;

/**
 * A simulated high-QoS VM: it holds one core of its host (one lane of a replayed host) from its start
 * until it finishes, when a fresh VM takes the core. It takes one slot of the flat state, once, and
 * is never suspended, sized or queued, so it keeps none of a low-QoS VM's fields: 120 bytes by JDK
 * 17's field layout (compressed references) where every VM was 176, and its load pattern let go once
 * its slot holds it ({@link #patternInSlot}).
 */
final class HighQosVm extends SimVm {

    /** The core it holds (for a replayed host: its lane). */
    final int core;
    /** How many VMs held its core before it: part of its random stream's identity. */
    int generation;
    /** When it took its core (boot start), for workload hours. */
    long heldSinceSeconds;

    /** @param random the VM's stream, after every draw that makes the VM: it draws only loads from here on */
    HighQosVm(
            long id,
            int core,
            LoadGenerator generator,
            SplittableRandom random,
            long runtimeSeconds,
            long arrivalSeconds,
            Instant firstArrival) {
        super(id, QosClass.HIGH, generator, random, runtimeSeconds, arrivalSeconds, firstArrival);
        this.core = core;
    }

    /**
     * The VM has just taken its core's slot, which now holds its pattern's parameters: a synthetic
     * pattern's generator goes, as the VM never takes another slot (a replayed lane's stays: it draws
     * through it). Of a Google cell's live state the generators were a million objects (32 MB at
     * 125,000 hosts) kept for nothing but that one placement, and copied by the collector with each
     * new VM.
     */
    void patternInSlot() {
        if (HotState.isFlat(generator)) {
            generator = null;
        }
    }

    /** High-QoS VMs have no size: each is one core's load. */
    @Override
    double cores() {
        return 0;
    }

    /** Never suspended: overbookd acts on low-QoS VMs only. */
    @Override
    public int suspensionsSince(Instant since) {
        return 0;
    }

    /**
     * Outside a spike when it takes its slot, as every fresh VM is; its spike state afterwards lives
     * in the slot, which it leaves only to terminate, so the state it leaves with is not kept.
     */
    @Override
    public byte spike() {
        return 0;
    }

    @Override
    public void spike(byte state) {
        // left behind with the slot: the VM takes no other (see above)
    }

    /** Not kept: the VM takes one slot, whose profile is looked up that once. */
    @Override
    public int profileIndex() {
        return -1;
    }

    @Override
    public void profileIndex(int index) {
        // one slot, one look-up: nothing to keep
    }
}
