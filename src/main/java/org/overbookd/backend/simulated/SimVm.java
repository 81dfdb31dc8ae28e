package org.overbookd.backend.simulated;

import java.time.Duration;
import java.time.Instant;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.overbookd.backend.simulated.flat.FlatStream;
import org.overbookd.backend.simulated.flat.FlatVm;
import org.overbookd.backend.simulated.flat.HotState;
import org.overbookd.backend.simulated.load.LoadGenerator;
import org.overbookd.backend.simulated.load.SpikyLoad;
import org.overbookd.backend.simulated.load.TraceLoad;
import org.overbookd.model.QosClass;
import org.overbookd.model.RunRecord;
import org.overbookd.model.VmSize;
import org.overbookd.model.VmState;
import org.overbookd.model.VmView;

/**
 * A simulated VM. Mutable; policies see it only through {@link VmView} during one decision.
 *
 * <p>What every VM has is here; what only a high-QoS VM or only a low-QoS VM keeps is in {@link
 * HighQosVm} and {@link LowQosVm}, so that neither carries the other's fields: a Google cell of
 * 125,000 hosts keeps a million high-QoS VMs live, replaced as they finish, and every byte of them
 * was copied by the collector between its survivor spaces, and read past by the step.
 */
abstract sealed class SimVm implements VmView, FlatVm permits HighQosVm, LowQosVm {

    final long id;
    final QosClass qos;
    /**
     * What the VM's load does; the three synthetic patterns are drawn from {@link HotState}'s arrays.
     * Null for a high-QoS VM of a synthetic pattern once it holds its core ({@link HighQosVm#patternInSlot}):
     * the slot then holds the pattern's parameters, and the VM never takes another slot.
     */
    LoadGenerator generator;
    /** The VM's stream when its generator draws through its own object (a trace); otherwise null. */
    final SplittableRandom random;

    final long firstArrivalSeconds;
    private final Instant firstArrival;

    VmState state;
    /**
     * The world's flat state, from the VM's first placement on: where {@link #load} is read. Not
     * the host object: storing a reference into a long-lived VM at each placement cost a garbage
     * collector's write barrier, and nothing on the hot path needs the host object.
     */
    private HotState hot;
    /**
     * The id of the host the VM is on, -1 when on none; set with {@link #hostedBy} and {@link
     * #unhosted}. The VM's events reach its host's flat state ({@link HotState}) by this index,
     * without reading the host object, which in a Google cell was a cache miss at nearly every event.
     */
    int hostId = -1;
    /** The VM's slot in {@link HotState} while it holds one (on a host), -1 otherwise. */
    int slot = -1;
    /** The VM's flat random stream ({@link FlatStream}) while it holds no slot; the slot has it otherwise. */
    long stream;
    /** Work left: active seconds until the VM finishes. */
    long remainingSeconds;

    long runningSinceSeconds;
    /** Seconds run in finished stretches of running, for the VM's {@link RunRecord}. */
    long ranSeconds;

    /** Bumped whenever the VM stops running, so stale finish events are ignored. */
    int version;
    /**
     * When the VM was placed on its host, in seconds of the virtual clock; {@link #NOT_PLACED} when
     * it is on none. A number, not an {@link Instant}: setting an object field at each of the
     * hundreds of placements a step was an allocation and a garbage collector's write barrier
     * each, and the instant is asked for only by the sticky-slot rule.
     */
    long placedAtSeconds = NOT_PLACED;

    static final long NOT_PLACED = Long.MIN_VALUE;

    /** @param random the VM's stream, after every draw that makes the VM: it draws only loads from here on */
    SimVm(
            long id,
            QosClass qos,
            LoadGenerator generator,
            SplittableRandom random,
            long runtimeSeconds,
            long arrivalSeconds,
            Instant firstArrival) {
        this.id = id;
        this.qos = qos;
        this.generator = generator;
        if (generator instanceof SpikyLoad spiky && spiky.inSpike()) {
            // the flat draw starts every VM outside a spike (spike state 0), as a fresh generator does
            throw new IllegalArgumentException("VM " + id + " needs a fresh spiky generator, not one in a spike");
        }
        if (HotState.isFlat(generator)) {
            // the stream has made its creation draws (pattern, mu, runtime, size): from here on its state is enough
            this.stream = FlatStream.stateOf(random);
            this.random = null;
        } else {
            this.random = random;
        }
        this.remainingSeconds = runtimeSeconds;
        this.firstArrivalSeconds = arrivalSeconds;
        this.firstArrival = firstArrival;
    }

    /** The VM is now on host {@code hostId} of the world whose flat state is {@code state}. */
    void hostedBy(HotState state, int hostId) {
        if (hot != state) {
            hot = state;
        }
        this.hostId = hostId;
    }

    /** The VM is on no host. */
    void unhosted() {
        this.hostId = -1;
    }

    @Override
    public long id() {
        return id;
    }

    /**
     * Built at each call, not kept: a decision names a VM a few times at most, and a kept name was
     * two more live objects (48 bytes) per low-QoS VM, copied by the collector with the VM.
     */
    @Override
    public String name() {
        return (qos == QosClass.HIGH ? "high-" : "low-") + id;
    }

    @Override
    public QosClass qos() {
        return qos;
    }

    @Override
    public VmState state() {
        return state;
    }

    @Override
    public Instant firstArrival() {
        return firstArrival;
    }

    @Override
    public Instant placedAt() {
        // the clock's instant for that second, as firstArrival is the one for firstArrivalSeconds
        return placedAtSeconds == NOT_PLACED ? null : firstArrival.plusSeconds(placedAtSeconds - firstArrivalSeconds);
    }

    /** The simulator swaps a suspended VM out entirely; it may resume anywhere (paper section 4.1). */
    @Override
    public OptionalInt pinnedHost() {
        return OptionalInt.empty();
    }

    @Override
    public double load() {
        return state == VmState.RUNNING ? hot.load(slot) : 0;
    }

    /** Booting, resuming and suspending count as pending, as in Silva et al.: no work is done. */
    @Override
    public RunRecord runRecord() {
        Instant since =
                state == VmState.RUNNING ? firstArrival.plusSeconds(runningSinceSeconds - firstArrivalSeconds) : null;
        return new RunRecord(firstArrival, Duration.ofSeconds(ranSeconds), since);
    }

    /** CPU size in cores (sim.low-qos.sizes), 0 when the VM has none (every high-QoS VM); its load scales with it. */
    abstract double cores();

    @Override
    public VmSize size() {
        double cores = cores();
        return cores == 0 ? VmSize.UNKNOWN : new VmSize(cores, 0);
    }

    /** Whether {@link #size()} is known, without building it: it is {@link VmSize#UNKNOWN} exactly when cores is 0. */
    boolean sized() {
        return cores() != 0;
    }

    /**
     * A synthetic VM's load is one core's, or for a sized low-QoS VM that times its size: up to its
     * size rounded up. A replayed lane holds VMs of the record's sizes in turn: not one number.
     */
    @Override
    public int vcpus() {
        if (generator instanceof TraceLoad) {
            return 0;
        }
        double cores = cores();
        return cores == 0 ? 1 : (int) Math.ceil(cores);
    }

    /** The generator draws the load of one core; a sized VM is that many cores. */
    @Override
    public double scale() {
        double cores = cores();
        return cores == 0 ? 1.0 : cores;
    }

    // what the flat state reads and writes of the VM as it takes or leaves a slot (FlatVm): these fields, and the
    // spike state and table indices each kind of VM keeps its own way

    @Override
    public LoadGenerator generator() {
        return generator;
    }

    @Override
    public SplittableRandom random() {
        return random;
    }

    @Override
    public int slot() {
        return slot;
    }

    @Override
    public void slot(int slot) {
        this.slot = slot;
    }

    @Override
    public long stream() {
        return stream;
    }

    @Override
    public void stream(long state) {
        this.stream = state;
    }
}
