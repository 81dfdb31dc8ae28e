package org.overbookd.backend.simulated.flat;

import java.util.ArrayList;
import java.util.List;
import org.overbookd.backend.simulated.load.BusinessCurve;
import org.overbookd.backend.simulated.load.BusinessLoad;
import org.overbookd.backend.simulated.load.LoadGenerator;
import org.overbookd.backend.simulated.load.NoisyLoad;
import org.overbookd.backend.simulated.load.SpikeModel;
import org.overbookd.backend.simulated.load.SpikyLoad;

/**
 * What every load draw reads and writes, as flat primitive arrays rather than as fields of host, VM
 * and generator objects: a draw sweep over a Google-cell-sized world then walks a few megabytes of
 * memory in order instead of chasing three pointers per VM.
 *
 * <p>Layout, host-major: host {@code h} owns the slots {@link #base base(h)} up to {@code base(h) +
 * highCount(h) + lowCapacity}; its high-QoS VMs hold the first ones, core {@code c} at
 * {@code base(h) + c}, and its low-QoS VMs the next {@link #lowCount lowCount(h)}, in the order they were
 * placed (a VM leaving shifts the ones after it down). That is the order the objects summed a
 * host's demand in, so the sums, and the bits, do not change. A host that takes more low-QoS VMs
 * than the capacity doubles it for every host (rare: the capacity starts at 4).
 *
 * <p>Per slot, a record: its random stream as its state alone ({@link FlatStream}), mu, sd, the
 * low-QoS size scale and its last load, side by side in {@link #record}, {@link #RECORD} longs a
 * slot (the doubles as their raw bits, which {@code doubleToRawLongBits} and {@code
 * longBitsToDouble} carry exactly). A business slot keeps its curve's index, into a short table of
 * distinct ones, where mu would be. Then one byte, its {@link #listing}: which draw list it is on
 * and where, which also says whether it runs and, with a mark for spiky, its pattern (noisy, spiky,
 * business, or another generator drawn through its object). A spiky slot alone keeps its spike
 * state and its spike model's index in arrays of their own ({@link #spike}, {@link #spikeModel}),
 * and every slot its VM ({@link #vm}, a reference). A VM's stream and spike state go with it: a VM
 * leaving its slot keeps them in its own fields ({@link FlatVm#stream}, {@link FlatVm#spike}), and
 * a VM taking a slot brings them, so a low-QoS VM suspended on one host and resumed on another
 * continues the same stream.
 *
 * <p>Why records: every VM event (a VM placed, started, stopped, suspended, a low-QoS VM leaving and
 * the ones after it moving down) touches one host's slots, a host the step picks at random. With
 * each field in an array of its own (a structure of arrays, the layout before), that was a cache
 * miss per array, a dozen per slot; in a 125,000-host cell, whose slots outgrow the caches, the
 * event path cost 14 to 47 times the 12,500-host cell's for ten times the hosts. A record is one or
 * two cache lines, and the listing byte one more. The sweep, which draws every running slot and is
 * bound by memory bandwidth at that size, reads the same bytes a slot as before: the record holds
 * exactly the five words a noisy or business draw reads or writes, no padding to a cache line (a
 * sixth word, the flags, would have been a fifth more bytes a sweep), and the flags it needs (the
 * list, whether it runs) stay in the byte a window of which fits in one line. docs/performance.md
 * has the figures.
 *
 * <p>Per window of {@link #WINDOW} slots, the draw lists: its running slots by how they draw (a
 * Gaussian alone, or more), so that the sweep draws each kind in a loop of its own. Every change to
 * what a slot holds or whether it runs moves that slot alone between the lists (a swap with the
 * list's last entry), so the lists are always up to date and no sweep sorts anything. The order
 * within a list is therefore not slot order, which changes no bit (each VM draws from its own
 * stream) and costs little locality (a window's records span 20 cache lines, read in any order). The
 * way before, a change marking its window stale and the window sorted again before the next sweep,
 * cost a thousand windows a step in a Google cell and a round trip to the pool (docs/performance.md).
 *
 * <p>Per host: its demand (sum of the loads of its running VMs and of its operations, percent of
 * one core), its cores, the CPU delivered integrated up to a time, and, side by side in one record
 * for the same reason as a slot's, its first slot, its slot counts and its operations in flight.
 *
 * <p>The arrays are the truth for these fields; the simulated backend's hosts and VMs read them for
 * the policy's views. Draw sweeps over disjoint host ranges may run in parallel; every other change
 * (placing, moving, growing) happens between sweeps, on the world's thread.
 */
public final class HotState {

    /**
     * Slot patterns, as bits so that the sweep can tell them apart without branching: FLAT (drawn
     * from the arrays: a Gaussian around a mean), SPIKY_BIT (with the spike process), BUSINESS_BIT
     * (the mean is the business curve's). EMPTY: no VM; OBJECT: drawn by the VM's own generator (a
     * recorded trace).
     */
    static final byte EMPTY = 0;

    static final byte FLAT = 1;
    static final byte SPIKY_BIT = 2;
    static final byte BUSINESS_BIT = 4;
    static final byte NOISY = FLAT;
    static final byte SPIKY = FLAT | SPIKY_BIT;
    static final byte BUSINESS = FLAT | BUSINESS_BIT;
    static final byte OBJECT = 8;

    private static final int FIRST_LOW_CAPACITY = 4;

    final double operationLoad;

    // per host
    final int[] cores;
    /**
     * Per host, side by side at {@code HOST_RECORD * h}: its first slot ({@link #FIRST_SLOT}, which
     * changes when the low-QoS capacity grows), how many high-QoS slots and low-QoS VMs it has, and
     * its operations in flight. A VM event reads most of them, and a VM leaving or an operation
     * ending writes one, for a host the step picks at random: four arrays were four cache misses.
     */
    private final int[] hostRecord;

    private static final int HOST_RECORD = 4;
    private static final int FIRST_SLOT = 0;
    private static final int HIGH_COUNT = 1;
    private static final int LOW_COUNT = 2;
    private static final int OPS = 3;
    /**
     * Per host, side by side at {@code 2h}: its demand ({@link #demand(int)}), and at {@code 2h + 1}
     * 1 / cores when every host's cores are a power of two ({@link #perCore}). The policy reads a
     * host's utilization, both, for hosts at random: two arrays were two cache misses.
     */
    private final double[] usage;
    /**
     * Whether every host's cores are a power of two, so that {@link #usage} holds their inverses.
     * Dividing by a power of two only scales, as multiplying by its inverse does, so both give the
     * same double for every demand (NaN, infinities, -0.0 and subnormals included): {@link
     * #utilization} multiplies then, faster than it divides (the per-step pass over every host of a
     * Google cell does it 12,500 times).
     */
    private final boolean perCore;
    /**
     * Per host, side by side in one cache line: the CPU delivered so far (a double's bits) at
     * {@code 2h}, and the time it is integrated up to at {@code 2h + 1}. Every VM event reads and
     * writes both, for a host the step touches at random: two arrays were two cache misses.
     */
    private final long[] account;

    int lowCapacity = FIRST_LOW_CAPACITY;

    // per slot
    /**
     * Per slot, what a draw writes: its stream's state and its last load (a double's raw bits), at
     * {@code DRAWN * s}.
     */
    long[] drawn;

    static final int DRAWN = 2;
    static final int STREAM = 0;
    static final int LOAD = 1;
    /**
     * Per slot, what a draw only reads, the VM's parameters: mu, sd and scale (doubles' raw bits), at
     * {@code PARAMS * s}.
     */
    long[] params;

    static final int PARAMS = 3;
    /** For BUSINESS the index into {@link #curves} instead (a business slot draws no mu of its own). */
    static final int MU = 0;

    static final int SD = 1;
    /** The low-QoS size the load is multiplied by; 1 for a VM without one. */
    static final int SCALE = 2;

    /** +1 or -1 while a spiky VM's spike is in progress, 0 otherwise; kept for SPIKY slots alone. */
    byte[] spike;
    /** For SPIKY an index into {@link #spikeModels}; kept for SPIKY slots alone. */
    int[] spikeModel;

    FlatVm[] vm;

    // the draw lists, per window of WINDOW slots
    static final int WINDOW_SHIFT = 5;
    static final int WINDOW = 1 << WINDOW_SHIFT;
    /**
     * Per window, the slots that draw, by how: from the window's first entry up, the noisy ones
     * ({@link #NOISY_COUNT}: a Gaussian around their own mean), then the business ones
     * ({@link #BUSINESS_COUNT}: a Gaussian around their curve's mean now); from its last entry down,
     * the others ({@link #OTHER_COUNT}: spiky, and those drawn through their object). Always up to
     * date: every change to a slot moves its entry ({@link #running}, {@link #put}, {@link #move}).
     */
    int[] drawList;

    /**
     * Per window, how many entries each of its lists holds, side by side at {@code COUNTS * w}: a VM
     * starting or stopping changes one or two of them, for a window at random, and three arrays were
     * as many cache misses.
     */
    int[] counts;

    static final int COUNTS = 4;
    static final int NOISY_COUNT = 0;
    static final int BUSINESS_COUNT = 1;
    static final int OTHER_COUNT = 2;
    /**
     * Per slot, which list it is on (one of the kinds below, the low two bits) and where in its
     * window's part of {@link #drawList} (the offset from the window's first entry, the bits
     * above); for a slot on no list, the list its VM goes on when it runs (none for an empty slot)
     * in the bits above; and in the top bit ({@link #SPIKY_MARK}) whether its VM is spiky. A slot
     * runs exactly while it is on a list, and the list and the mark tell its pattern, so this byte
     * says what the slot holds and whether it runs ({@link #pattern}, {@link #runs}; {@link
     * #recompute} reads it). One byte, so that a VM starting, stopping, arriving or leaving reads and
     * writes one array for its slot's bookkeeping, not four (running, list, place, and pattern).
     */
    private byte[] listing;

    /** A listing's mark of a spiky VM's slot: with {@link #OTHER_LIST}, SPIKY rather than OBJECT. */
    private static final int SPIKY_MARK = 0x80;

    private static final int KIND_BITS = 2;
    private static final int KIND_MASK = (1 << KIND_BITS) - 1;
    private static final byte UNLISTED = 0;
    private static final byte NOISY_LIST = 1;
    private static final byte BUSINESS_LIST = 2;
    private static final byte OTHER_LIST = 3;

    /** The distinct business curves and spike models, few (one each in a synthetic world). */
    final List<BusinessCurve> curves = new ArrayList<>(1);

    final List<SpikeModel> spikeModels = new ArrayList<>(1);

    /**
     * Flat state for hosts {@code 0} to {@code cores.length - 1}, host {@code h} with
     * {@code cores[h]} cores and {@code highCount[h]} high-QoS slots; their VMs are placed later.
     */
    public HotState(int[] cores, int[] highCount, double operationLoad) {
        if (cores.length != highCount.length) {
            throw new IllegalArgumentException(
                    cores.length + " hosts' cores, " + highCount.length + " hosts' high-QoS slots");
        }
        this.operationLoad = operationLoad;
        int n = cores.length;
        this.cores = cores.clone();
        hostRecord = new int[HOST_RECORD * n];
        for (int h = 0; h < n; h++) {
            hostRecord[HOST_RECORD * h + HIGH_COUNT] = highCount[h];
        }
        usage = new double[2 * n];
        account = new long[2 * n];
        perCore = inverses(this.cores, usage);
        allocate(lowCapacity);
    }

    /** Whether a generator is drawn from the flat arrays, with its stream kept as a state alone. */
    public static boolean isFlat(LoadGenerator generator) {
        return generator instanceof NoisyLoad || generator instanceof SpikyLoad || generator instanceof BusinessLoad;
    }

    /** Host {@code h}'s first slot. */
    int base(int h) {
        return hostRecord[HOST_RECORD * h + FIRST_SLOT];
    }

    /** One past the last slot in use on host {@code h}. */
    int end(int h) {
        int r = HOST_RECORD * h;
        return hostRecord[r + FIRST_SLOT] + hostRecord[r + HIGH_COUNT] + hostRecord[r + LOW_COUNT];
    }

    /** Host {@code h}'s high-QoS slots (its first ones). */
    int highCount(int h) {
        return hostRecord[HOST_RECORD * h + HIGH_COUNT];
    }

    /** Host {@code h}'s low-QoS VMs. */
    public int lowCount(int h) {
        return hostRecord[HOST_RECORD * h + LOW_COUNT];
    }

    /** Host {@code h}'s first low-QoS slot. */
    public int firstLow(int h) {
        int r = HOST_RECORD * h;
        return hostRecord[r + FIRST_SLOT] + hostRecord[r + HIGH_COUNT];
    }

    /** Host {@code h}'s operations in flight. */
    public int ops(int h) {
        return hostRecord[HOST_RECORD * h + OPS];
    }

    /** An operation starts on host {@code h}: it counts in the demand (after {@link #recompute}). */
    public void operationStarted(int h) {
        hostRecord[HOST_RECORD * h + OPS]++;
    }

    /** An operation on host {@code h} ends. */
    public void operationEnded(int h) {
        hostRecord[HOST_RECORD * h + OPS]--;
    }

    /** Host {@code h}'s slots in use, its high-QoS ones and its low-QoS VMs. */
    private int inUse(int h) {
        int r = HOST_RECORD * h;
        return hostRecord[r + HIGH_COUNT] + hostRecord[r + LOW_COUNT];
    }

    /** The VM in slot {@code s}, null for an empty slot. */
    public FlatVm vm(int s) {
        return vm[s];
    }

    /** The last load drawn for slot {@code s}, percent of one core, its size applied. */
    public double load(int s) {
        return Double.longBitsToDouble(drawn[DRAWN * s + LOAD]);
    }

    /** Host {@code h}'s demand: the sum of its running VMs' loads and its operations', percent of one core. */
    public double demand(int h) {
        return usage[2 * h];
    }

    /** Sets host {@code h}'s demand as it is (for tests of what reads it). */
    public void demand(int h, double value) {
        usage[2 * h] = value;
    }

    // ---- hosts

    /** Accounts for the CPU delivered on host {@code h} since the last change, up to {@code now}. */
    public void advance(int h, long now) {
        account[2 * h] = Double.doubleToRawLongBits(deliveredUntil(h, now));
        account[2 * h + 1] = now;
    }

    /** The CPU delivered up to {@code now}, without accounting for it: what {@link #advance} would leave. */
    public double deliveredUntil(int h, long now) {
        double capacity = cores[h] * 100.0;
        double d = usage[2 * h];
        // Math.min(d, capacity) for every d, NaN and -0.0 included (capacity is never below +0.0), by one comparison
        double used = d > capacity ? capacity : d;
        return Double.longBitsToDouble(account[2 * h]) + used * (now - account[2 * h + 1]);
    }

    /** Recomputes host {@code h}'s demand from its running VMs' last loads and its operations. */
    public void recompute(int h) {
        int r = HOST_RECORD * h;
        double sum = operationLoad * hostRecord[r + OPS];
        for (int s = hostRecord[r + FIRST_SLOT], e = s + hostRecord[r + HIGH_COUNT] + hostRecord[r + LOW_COUNT];
                s < e;
                s++) {
            if ((listing[s] & KIND_MASK) != UNLISTED) {
                sum += Double.longBitsToDouble(drawn[DRAWN * s + LOAD]);
            }
        }
        usage[2 * h] = sum;
    }

    /**
     * Whether each of {@code cores} is a power of two; then 1 / c for each at {@code 2h + 1} of
     * {@code usage}.
     */
    private static boolean inverses(int[] cores, double[] usage) {
        for (int h = 0; h < cores.length; h++) {
            if (cores[h] <= 0 || Integer.bitCount(cores[h]) != 1) {
                return false;
            }
        }
        for (int h = 0; h < cores.length; h++) {
            usage[2 * h + 1] = 1.0 / cores[h];
        }
        return true;
    }

    /** Host {@code h}'s demand over its cores, bit for bit {@code demand(h) / cores[h]}: what the policy sees. */
    public double utilization(int h) {
        int u = 2 * h;
        return perCore ? usage[u] * usage[u + 1] : usage[u] / cores[h];
    }

    /**
     * For each of {@code percents}, how many hosts are more than that utilized (demand over cores,
     * as the policy sees it; a long run counts two every step), one tight pass over the hosts each.
     */
    public int[] hostsOver(double... percents) {
        int[] counts = new int[percents.length];
        for (int p = 0; p < percents.length; p++) {
            double percent = percents[p];
            int count = 0;
            for (int h = 0; h < cores.length; h++) {
                if (utilization(h) > percent) {
                    count++;
                }
            }
            counts[p] = count;
        }
        return counts;
    }

    // ---- slots

    /** Puts {@code v} on core {@code core} of host {@code h}, the core's previous VM leaving its slot. */
    public void holdCore(int h, int core, FlatVm v) {
        int s = base(h) + core;
        if (vm[s] != null) {
            take(s);
        }
        put(s, v);
    }

    /** Puts {@code v} after the low-QoS VMs of host {@code h}. */
    public void addLow(int h, FlatVm v) {
        if (lowCount(h) == lowCapacity) {
            allocate(lowCapacity * 2);
        }
        put(end(h), v);
        hostRecord[HOST_RECORD * h + LOW_COUNT]++;
    }

    /** Takes low-QoS {@code v} off host {@code h}; the VMs placed after it move down one slot. */
    public void removeLow(int h, FlatVm v) {
        int s = v.slot();
        if (s < firstLow(h) || s >= end(h) || vm[s] != v) {
            throw new IllegalStateException("VM " + v.id() + " holds no low-QoS slot of host " + h);
        }
        take(s);
        int last = end(h) - 1;
        for (; s < last; s++) {
            move(s + 1, s);
        }
        hostRecord[HOST_RECORD * h + LOW_COUNT]--;
    }

    /**
     * Marks the VM in slot {@code s} running or not; only running VMs draw and count. A slot runs
     * exactly while it is on a draw list (every VM's pattern draws from one), so its listing says it.
     */
    public void running(int s, boolean value) {
        int was = listing[s];
        int kind = was & KIND_MASK;
        if (value == (kind != UNLISTED)) {
            return;
        }
        int w = s >>> WINDOW_SHIFT;
        if (value) {
            enlist(s, w, above(was) & KIND_MASK);
        } else {
            delist(w, was);
            listing[s] = (byte) (was & SPIKY_MARK | kind << KIND_BITS);
        }
    }

    /** Whether the VM in slot {@code s} runs. */
    boolean runs(int s) {
        return (listing[s] & KIND_MASK) != UNLISTED;
    }

    /** Whether slot {@code s} holds a spiky VM. */
    boolean spiky(int s) {
        return (listing[s] & SPIKY_MARK) != 0;
    }

    /** The pattern of the VM in slot {@code s}, {@link #EMPTY} for none. */
    byte pattern(int s) {
        int was = listing[s];
        int kind = was & KIND_MASK;
        return switch (kind != UNLISTED ? kind : above(was) & KIND_MASK) {
            case NOISY_LIST -> NOISY;
            case BUSINESS_LIST -> BUSINESS;
            case OTHER_LIST -> (was & SPIKY_MARK) != 0 ? SPIKY : OBJECT;
            default -> EMPTY;
        };
    }

    /** A listing's bits above its kind, without the mark: the place on the list, or the list it goes on. */
    private static int above(int listing) {
        return (listing & SPIKY_MARK - 1) >>> KIND_BITS;
    }

    // ---- draw lists

    /** The list a running slot of pattern {@code p} is on. */
    private static int listOf(byte p) {
        if ((p & (SPIKY_BIT | OBJECT)) != 0) {
            return OTHER_LIST;
        }
        if ((p & FLAT) == 0) {
            return UNLISTED;
        }
        return (p & BUSINESS_BIT) != 0 ? BUSINESS_LIST : NOISY_LIST;
    }

    /**
     * Takes the entry {@code was} (a slot's listing) off its list in window {@code w}. A removal
     * fills the hole with the list's last entry; the noisy list shrinks by moving the last business
     * entry into the place it leaves. Nothing for a slot on no list.
     */
    private void delist(int w, int was) {
        int first = w << WINDOW_SHIFT;
        int entry = first + above(was);
        int c = COUNTS * w;
        switch (was & KIND_MASK) {
            case NOISY_LIST -> {
                int lastNoisy = first + --counts[c + NOISY_COUNT];
                moveEntry(lastNoisy, entry, NOISY_LIST);
                moveEntry(lastNoisy + counts[c + BUSINESS_COUNT], lastNoisy, BUSINESS_LIST);
            }
            case BUSINESS_LIST ->
                moveEntry(first + counts[c + NOISY_COUNT] + --counts[c + BUSINESS_COUNT], entry, BUSINESS_LIST);
            case OTHER_LIST -> moveEntry(first + WINDOW - counts[c + OTHER_COUNT]--, entry, OTHER_LIST);
            default -> {}
        }
    }

    /**
     * Puts slot {@code s} (of window {@code w}, on no list) on list {@code kind}, nothing for
     * {@link #UNLISTED}. The noisy list grows into the business one by moving the first business
     * entry to the business list's end.
     */
    private void enlist(int s, int w, int kind) {
        int first = w << WINDOW_SHIFT;
        int c = COUNTS * w;
        switch (kind) {
            case NOISY_LIST -> {
                int at = first + counts[c + NOISY_COUNT]++;
                moveEntry(at, at + counts[c + BUSINESS_COUNT], BUSINESS_LIST);
                place(s, at, NOISY_LIST);
            }
            case BUSINESS_LIST ->
                place(s, first + counts[c + NOISY_COUNT] + counts[c + BUSINESS_COUNT]++, BUSINESS_LIST);
            case OTHER_LIST -> place(s, first + WINDOW - ++counts[c + OTHER_COUNT], OTHER_LIST);
            default -> {}
        }
    }

    /** The entry at {@code from}, on list {@code kind}, takes the place of the one at {@code to} (a removal by swap). */
    private void moveEntry(int from, int to, int kind) {
        if (from != to) {
            place(drawList[from], to, kind);
        }
    }

    /** Slot {@code s} at {@code entry} of its window, on list {@code kind}. */
    private void place(int s, int entry, int kind) {
        drawList[entry] = s;
        listing[s] = (byte) (listing[s] & SPIKY_MARK | (entry & (WINDOW - 1)) << KIND_BITS | kind);
    }

    private void put(int s, FlatVm v) {
        LoadGenerator g = v.generator();
        if (g == null) {
            throw new IllegalStateException("VM " + v.id() + " has no load pattern to take slot " + s + " with");
        }
        int r = PARAMS * s;
        byte p;
        // the spike state and model only for a spiky slot: a store to each of those arrays cost a cache miss, at a
        // random slot
        if (g instanceof NoisyLoad n) {
            p = NOISY;
            params[r + MU] = Double.doubleToRawLongBits(n.mu());
            params[r + SD] = Double.doubleToRawLongBits(n.sd());
        } else if (g instanceof SpikyLoad sp) {
            p = SPIKY;
            params[r + MU] = Double.doubleToRawLongBits(sp.mu());
            params[r + SD] = Double.doubleToRawLongBits(sp.sd());
            int model = v.spikeModelIndex();
            if (model < 0) {
                model = indexOf(spikeModels, sp.spikes());
                v.spikeModelIndex(model);
            }
            spikeModel[s] = model;
            spike[s] = v.spike();
        } else if (g instanceof BusinessLoad b) {
            p = BUSINESS;
            params[r + SD] = Double.doubleToRawLongBits(b.sd());
            int index = v.curveIndex();
            if (index < 0) {
                index = indexOf(curves, b.curve());
                v.curveIndex(index);
            }
            params[r + MU] = index;
        } else {
            p = OBJECT;
        }
        params[r + SCALE] = Double.doubleToRawLongBits(v.scale());
        drawn[DRAWN * s + STREAM] = v.stream();
        drawn[DRAWN * s + LOAD] = 0;
        vm[s] = v;
        v.slot(s);
        // an empty slot is on no list, and a VM that does not run goes on none: only the list it goes on when it runs
        // is kept
        listing[s] = (byte) ((p == SPIKY ? SPIKY_MARK : 0) | listOf(p) << KIND_BITS);
    }

    /** Empties slot {@code s}, its VM keeping its stream and spike state. */
    private void take(int s) {
        FlatVm v = vm[s];
        v.stream(drawn[DRAWN * s + STREAM]);
        if (spiky(s)) {
            // only a spiky slot's spike state is kept (put writes no other's)
            v.spike(spike[s]);
        }
        v.slot(-1);
        clear(s);
    }

    /**
     * Marks slot {@code s} empty. Its other fields keep their last values: no one reads a slot
     * without a VM (it is off the draw lists and past its host's last slot in use), and
     * {@link #put} writes every one its VM's pattern draws with (mu is the curve's index for a business
     * slot, the spike model and spike state are read only for a spiky one).
     */
    private void clear(int s) {
        vm[s] = null;
        int was = listing[s];
        if ((was & KIND_MASK) != UNLISTED) {
            delist(s >>> WINDOW_SHIFT, was);
        }
        listing[s] = UNLISTED;
    }

    /**
     * The VM in slot {@code from} moves to slot {@code to}, which is empty. Within a window its
     * list entry is rewritten to name the new slot (no entry moves); across windows it leaves one
     * window's list for the other's.
     */
    private void move(int from, int to) {
        int was = listing[from];
        System.arraycopy(drawn, DRAWN * from, drawn, DRAWN * to, DRAWN);
        System.arraycopy(params, PARAMS * from, params, PARAMS * to, PARAMS);
        if ((was & SPIKY_MARK) != 0) {
            spike[to] = spike[from];
            spikeModel[to] = spikeModel[from];
        }
        FlatVm v = vm[from];
        vm[to] = v;
        v.slot(to);
        int kind = was & KIND_MASK;
        if (kind == UNLISTED || from >>> WINDOW_SHIFT == to >>> WINDOW_SHIFT) {
            if (kind != UNLISTED) {
                drawList[(from >>> WINDOW_SHIFT << WINDOW_SHIFT) + above(was)] = to;
            }
            listing[to] = (byte) was;
            // off its list without a delist: the entry names the new slot now
            listing[from] = UNLISTED;
            vm[from] = null;
            return;
        }
        clear(from);
        listing[to] = (byte) (was & SPIKY_MARK);
        enlist(to, to >>> WINDOW_SHIFT, kind);
    }

    private static <T> int indexOf(List<T> distinct, T value) {
        for (int i = 0; i < distinct.size(); i++) {
            if (distinct.get(i) == value || distinct.get(i).equals(value)) {
                return i;
            }
        }
        distinct.add(value);
        return distinct.size() - 1;
    }

    /** (Re)lays the slots out with room for {@code capacity} low-QoS VMs per host, keeping every VM's state. */
    private void allocate(int capacity) {
        int n = cores.length;
        int[] oldBase = new int[n];
        int[] newBase = new int[n];
        long total = 0;
        for (int h = 0; h < n; h++) {
            oldBase[h] = base(h);
            newBase[h] = (int) total;
            total += highCount(h) + capacity;
        }
        if (total * PARAMS > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("too many VM slots for one world: " + total);
        }
        int slots = (int) total;
        listing = relaid(listing, new byte[slots], oldBase, newBase, 1);
        spike = relaid(spike, new byte[slots], oldBase, newBase, 1);
        spikeModel = relaid(spikeModel, new int[slots], oldBase, newBase, 1);
        drawn = relaid(drawn, new long[DRAWN * slots], oldBase, newBase, DRAWN);
        params = relaid(params, new long[PARAMS * slots], oldBase, newBase, PARAMS);
        vm = relaid(vm, new FlatVm[slots], oldBase, newBase, 1);
        int windows = (slots + WINDOW - 1) >>> WINDOW_SHIFT;
        drawList = new int[windows << WINDOW_SHIFT];
        counts = new int[COUNTS * windows];
        lowCapacity = capacity;
        for (int h = 0; h < n; h++) {
            hostRecord[HOST_RECORD * h + FIRST_SLOT] = newBase[h];
            for (int i = 0, inUse = inUse(h); i < inUse; i++) {
                int s = newBase[h] + i;
                if (vm[s] != null) {
                    vm[s].slot(s);
                }
                // the lists are new and empty: a running slot goes on its list again
                int was = listing[s];
                int kind = was & KIND_MASK;
                if (kind != UNLISTED) {
                    listing[s] = (byte) (was & SPIKY_MARK | kind << KIND_BITS);
                    enlist(s, s >>> WINDOW_SHIFT, kind);
                }
            }
        }
    }

    /**
     * {@code fresh} with each host's slots in use copied from {@code old} (an array of the same type, or null),
     * {@code width} elements a slot.
     */
    private <A> A relaid(A old, A fresh, int[] oldBase, int[] newBase, int width) {
        if (old != null) {
            for (int h = 0; h < newBase.length; h++) {
                System.arraycopy(old, width * oldBase[h], fresh, width * newBase[h], width * inUse(h));
            }
        }
        return fresh;
    }
}
