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
 * What every load draw reads and writes, as flat arrays (a structure of arrays) rather than as
 * fields of host, VM and generator objects: a draw sweep over a Google-cell-sized world then walks
 * a few megabytes of memory in order instead of chasing three pointers per VM.
 *
 * <p>Layout, host-major: host {@code h} owns the slots {@code base(h)} up to {@code base(h) +
 * highCount(h) + lowCapacity}; its high-QoS VMs hold the first ones, core {@code c} at
 * {@code base(h) + c}, and its low-QoS VMs the next {@code lowCount(h)}, in the order they were
 * placed (a VM leaving shifts the ones after it down). That is the order the objects summed a
 * host's demand in, so the sums, and the bits, do not change. A host that takes more low-QoS VMs
 * than the capacity doubles it for every host ({@link #FIRST_LOW_CAPACITY}).
 *
 * <p>Per slot: the VM's pattern (noisy, spiky, business, or another generator drawn through its
 * object), its mean, its profile (the index of its spread, its low-QoS size scale and its business
 * curve or spike model in a short table of distinct ones, {@link DrawProfiles}), its spike state,
 * its random stream as its state alone ({@link FlatStream}), its place on its window's draw list if
 * it runs (a slot runs exactly when it draws), its last load, and the VM itself. A VM's stream and
 * spike state go with it: a VM leaving its slot keeps them in its own fields ({@link FlatVm#stream},
 * {@link FlatVm#spike}), and a VM taking a slot brings them, so a low-QoS VM suspended on one host
 * and resumed on another continues the same stream.
 *
 * <p>Why arrays of fields and not a record per slot, although a VM event touching one slot then
 * reads a cache line of each array: records were tried and saved no CPU, at 125,000 hosts, where the
 * sweep over every running slot, bound by memory bandwidth, is most of the run, nor at 12,500. One
 * record of the five words a draw read then (stream, mu, sd, scale, load) made every sweep write
 * all five back to memory (it changes two, the stream and the load); two records, the words a draw
 * writes and those it only reads, moved no fewer bytes than the arrays, and the fewer cache lines an
 * event touched did not show in the total (docs/performance.md has the figures). What the sweep at
 * that size pays for is bytes: a draw now reads the stream, the mean and the profile's index, and
 * writes the stream and the load.
 *
 * <p>Per window of {@link #WINDOW} slots, the draw lists: its running slots by how they draw (a
 * Gaussian alone, or more), so that the sweep draws each kind in a loop of its own. Every change to
 * what a slot holds or whether it runs moves that slot alone between the lists (a swap with the
 * list's last entry), so the lists are always up to date and no sweep sorts anything. The order
 * within a list is therefore not slot order, which changes no bit (each VM draws from its own
 * stream) and costs little locality (a window spans four cache lines of each array). The way before,
 * a change marking its window stale and the window sorted again before the next sweep, cost a
 * thousand windows a step in a Google cell and a round trip to the pool (docs/performance.md).
 *
 * <p>Per host: its demand (sum of the loads of its running VMs and of its operations, percent of
 * one core), its cores, its operations in flight, and the CPU delivered integrated up to a time.
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

    /**
     * Low-QoS slots per host before any host needs more: the overbooking policy's default (two
     * overbooked VMs per host), which a Google cell under it never outgrows. A world whose policy
     * puts more on a host doubles the capacity a few times early on (a relayout of every slot,
     * each time). Every empty slot is bytes the sweep walks past: at 4, as before, a sixth of an
     * octacore host's slots never held a VM in that cell.
     */
    private static final int FIRST_LOW_CAPACITY = 2;

    final double operationLoad;

    // per host
    final int[] cores;
    /**
     * Per host, side by side in {@link #HOST_INTS} ints: its first slot ({@link #FIRST}, which
     * changes when the low-QoS capacity grows), its high-QoS slots ({@link #HIGH}), its low-QoS VMs
     * ({@link #LOW}) and its operations in flight ({@link #OPS}). A VM event at a random host reads
     * them together (its host's demand is summed over its slots in use, with its operations): one
     * cache line, where four arrays were four misses.
     */
    private final int[] perHost;

    private static final int HOST_INTS = 4;
    private static final int FIRST = 0;
    private static final int HIGH = 1;
    private static final int LOW = 2;
    private static final int OPS = 3;

    final double[] demand;
    /**
     * Per host, 1 / cores, when every host's cores are a power of two; null otherwise. Dividing by
     * a power of two only scales, as multiplying by its inverse does, so both give the same double
     * for every demand (NaN, infinities, -0.0 and subnormals included): {@link #utilization}
     * multiplies then, faster than it divides (the per-step pass over every host of a Google cell
     * does it 12,500 times).
     */
    private final double[] perCore;
    /**
     * Per host, side by side ({@link #ACCOUNT} longs a host): the CPU delivered so far (a double's
     * bits) at {@code 4h}, the time it is integrated up to at {@code 4h + 1}, and the host's
     * capacity, its cores times 100 (a double's bits), at {@code 4h + 2}. Every VM event reads all
     * three and writes the first two, for a host the step touches at random: in arrays of their own
     * they were three cache misses.
     */
    private final long[] account;

    private static final int ACCOUNT = 4;

    int lowCapacity = FIRST_LOW_CAPACITY;

    // per slot
    byte[] pattern;
    /** +1 or -1 while a spiky VM's spike is in progress, 0 otherwise. */
    byte[] spike;

    /** The mean of a noisy or spiky slot's Gaussian; not read for the others. */
    double[] mu;
    /**
     * Per slot, its index in {@link #profiles}: its spread, the low-QoS size its load is multiplied
     * by (1 for a VM without one), and for BUSINESS its curve's index in {@link #curves}, for SPIKY
     * its model's in {@link #spikeModels}.
     */
    int[] profile;

    long[] stream;
    double[] load;
    FlatVm[] vm;

    // the draw lists, per window of WINDOW slots
    static final int WINDOW_SHIFT = 5;
    static final int WINDOW = 1 << WINDOW_SHIFT;
    /**
     * Per window, the slots that draw, by how: from the window's first entry up, the noisy ones
     * ({@link #noisyAt}: a Gaussian around their own mean), then the business ones
     * ({@link #businessAt}: a Gaussian around their curve's mean now); from its last entry down,
     * the others ({@link #otherAt}: spiky, and those drawn through their object). Always up to
     * date ({@link #touch}).
     *
     * <p>An entry is the slot's place in its window (0 to {@link #WINDOW} - 1), not the slot: a
     * byte where the slot's index took four, so that the list costs the sweep an eighth of a cache
     * line per slot rather than half of one.
     */
    byte[] drawList;

    /**
     * Per window, how many entries each of its lists has (its size), side by side ({@link #SIZES}
     * bytes a window: a list holds at most {@link #WINDOW}), so that a VM starting or stopping at a
     * random slot reads one cache line for its window's sizes, not one of each of three arrays.
     */
    byte[] listSizes;

    /** Bytes of {@link #listSizes} per window: the three lists' sizes and one unused, so that no window's cross a line. */
    static final int SIZES = 4;

    /** Where window {@code w}'s noisy list's size is in {@link #listSizes}. */
    static int noisyAt(int w) {
        return w * SIZES;
    }

    /** Where window {@code w}'s business list's size is in {@link #listSizes}. */
    static int businessAt(int w) {
        return w * SIZES + 1;
    }

    /** Where window {@code w}'s list of the others' size is in {@link #listSizes}. */
    static int otherAt(int w) {
        return w * SIZES + 2;
    }

    /**
     * Per slot, which list it is on (one of the kinds below, the low two bits) and where in its
     * window's part of {@link #drawList} (the offset from the window's first entry, the bits
     * above); for a slot on no list, the list its VM goes on when it runs (none for an empty slot)
     * in the bits above. One byte, so that a VM starting or stopping reads and writes one array for
     * its slot, not three (list, place, and the pattern that says which list).
     */
    private byte[] listing;

    private static final int KIND_BITS = 2;
    private static final int KIND_MASK = (1 << KIND_BITS) - 1;
    private static final byte UNLISTED = 0;
    private static final byte NOISY_LIST = 1;
    private static final byte BUSINESS_LIST = 2;
    private static final byte OTHER_LIST = 3;

    /** The distinct business curves and spike models, few (one each in a synthetic world). */
    final List<BusinessCurve> curves = new ArrayList<>(1);

    final List<SpikeModel> spikeModels = new ArrayList<>(1);

    /** The distinct spreads, sizes and table indices the slots draw with, few (a handful in a synthetic world). */
    final DrawProfiles profiles = new DrawProfiles();

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
        perHost = new int[n * HOST_INTS];
        for (int h = 0; h < n; h++) {
            perHost[h * HOST_INTS + HIGH] = highCount[h];
        }
        demand = new double[n];
        account = new long[ACCOUNT * n];
        for (int h = 0; h < n; h++) {
            account[ACCOUNT * h + 2] = Double.doubleToRawLongBits(this.cores[h] * 100.0);
        }
        perCore = inverses(this.cores);
        allocate(lowCapacity);
    }

    /** Whether a generator is drawn from the flat arrays, with its stream kept as a state alone. */
    public static boolean isFlat(LoadGenerator generator) {
        return generator instanceof NoisyLoad || generator instanceof SpikyLoad || generator instanceof BusinessLoad;
    }

    /** Host {@code h}'s first slot. */
    int base(int h) {
        return perHost[h * HOST_INTS + FIRST];
    }

    /** One past the last slot in use on host {@code h}. */
    int end(int h) {
        int at = h * HOST_INTS;
        return perHost[at + FIRST] + perHost[at + HIGH] + perHost[at + LOW];
    }

    /** Host {@code h}'s high-QoS slots (its first ones). */
    int highCount(int h) {
        return perHost[h * HOST_INTS + HIGH];
    }

    /** Host {@code h}'s low-QoS VMs. */
    public int lowCount(int h) {
        return perHost[h * HOST_INTS + LOW];
    }

    /** Host {@code h}'s first low-QoS slot. */
    public int firstLow(int h) {
        int at = h * HOST_INTS;
        return perHost[at + FIRST] + perHost[at + HIGH];
    }

    /** Host {@code h}'s operations in flight. */
    public int ops(int h) {
        return perHost[h * HOST_INTS + OPS];
    }

    /** An operation starts on host {@code h}: it counts in the demand (after {@link #recompute}). */
    public void operationStarted(int h) {
        perHost[h * HOST_INTS + OPS]++;
    }

    /** An operation on host {@code h} ends. */
    public void operationEnded(int h) {
        perHost[h * HOST_INTS + OPS]--;
    }

    /** The VM in slot {@code s}, null for an empty slot. */
    public FlatVm vm(int s) {
        return vm[s];
    }

    /** The last load drawn for slot {@code s}, percent of one core, its size applied. */
    public double load(int s) {
        return load[s];
    }

    /** Host {@code h}'s demand: the sum of its running VMs' loads and its operations', percent of one core. */
    public double demand(int h) {
        return demand[h];
    }

    /** Sets host {@code h}'s demand as it is (for tests of what reads it). */
    public void demand(int h, double value) {
        demand[h] = value;
    }

    // ---- hosts

    /** Accounts for the CPU delivered on host {@code h} since the last change, up to {@code now}. */
    public void advance(int h, long now) {
        account[ACCOUNT * h] = Double.doubleToRawLongBits(deliveredUntil(h, now));
        account[ACCOUNT * h + 1] = now;
    }

    /** The CPU delivered up to {@code now}, without accounting for it: what {@link #advance} would leave. */
    public double deliveredUntil(int h, long now) {
        int at = ACCOUNT * h;
        double capacity = Double.longBitsToDouble(account[at + 2]);
        double d = demand[h];
        // Math.min(d, capacity) for every d, NaN and -0.0 included (capacity is never below +0.0), by one comparison
        double used = d > capacity ? capacity : d;
        return Double.longBitsToDouble(account[at]) + used * (now - account[at + 1]);
    }

    /** Recomputes host {@code h}'s demand from its running VMs' last loads and its operations. */
    public void recompute(int h) {
        double sum = operationLoad * ops(h);
        for (int s = base(h), e = end(h); s < e; s++) {
            if (runs(s)) {
                sum += load[s];
            }
        }
        demand[h] = sum;
    }

    /** 1 / c for each of {@code cores}, when each is a power of two; null when one is not. */
    private static double[] inverses(int[] cores) {
        double[] inverse = new double[cores.length];
        for (int h = 0; h < cores.length; h++) {
            if (cores[h] <= 0 || Integer.bitCount(cores[h]) != 1) {
                return null;
            }
            inverse[h] = 1.0 / cores[h];
        }
        return inverse;
    }

    /** Host {@code h}'s demand over its cores, bit for bit {@code demand[h] / cores[h]}: what the policy sees. */
    public double utilization(int h) {
        return perCore != null ? demand[h] * perCore[h] : demand[h] / cores[h];
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
            for (int h = 0; h < demand.length; h++) {
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
        perHost[h * HOST_INTS + LOW]++;
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
        perHost[h * HOST_INTS + LOW]--;
    }

    /** Marks the VM in slot {@code s} running or not; only running VMs draw and count. */
    public void running(int s, boolean value) {
        int was = listing[s];
        int kind = was & KIND_MASK;
        if (value == (kind != UNLISTED)) {
            return;
        }
        int w = s >>> WINDOW_SHIFT;
        if (value) {
            enlist(s, w, was >>> KIND_BITS);
        } else {
            delist(w, was);
            listing[s] = (byte) (kind << KIND_BITS);
        }
    }

    // ---- draw lists

    /**
     * Whether the VM in slot {@code s} runs: whether it is on a draw list. A slot runs exactly when
     * it draws, so its listing says both, and a VM starting or stopping at a random slot writes one
     * array for it rather than two (a flag of its own was a cache miss more at every such event).
     */
    boolean runs(int s) {
        return (listing[s] & KIND_MASK) != UNLISTED;
    }

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
     * Slot {@code s} may have changed what or whether it draws: puts it on the list it belongs on
     * now, from its pattern and whether it {@code runs}. {@link #running}, {@link #put},
     * {@link #clear} and {@link #move} know the change and skip these reads.
     */
    private void touch(int s, boolean runs) {
        int run = listOf(pattern[s]);
        int now = runs ? run : UNLISTED;
        int was = listing[s];
        if (now != (was & KIND_MASK)) {
            int w = s >>> WINDOW_SHIFT;
            delist(w, was);
            if (now != UNLISTED) {
                enlist(s, w, now);
                return;
            }
        }
        if (now == UNLISTED) {
            listing[s] = (byte) (run << KIND_BITS);
        }
    }

    /**
     * Takes the entry {@code was} (a slot's listing) off its list in window {@code w}. A removal
     * fills the hole with the list's last entry; the noisy list shrinks by moving the last business
     * entry into the place it leaves. Nothing for a slot on no list.
     */
    private void delist(int w, int was) {
        int first = w << WINDOW_SHIFT;
        int entry = first + (was >>> KIND_BITS);
        switch (was & KIND_MASK) {
            case NOISY_LIST -> {
                int lastNoisy = first + --listSizes[noisyAt(w)];
                moveEntry(lastNoisy, entry, NOISY_LIST);
                moveEntry(lastNoisy + listSizes[businessAt(w)], lastNoisy, BUSINESS_LIST);
            }
            case BUSINESS_LIST ->
                moveEntry(first + listSizes[noisyAt(w)] + --listSizes[businessAt(w)], entry, BUSINESS_LIST);
            case OTHER_LIST -> moveEntry(first + WINDOW - listSizes[otherAt(w)]--, entry, OTHER_LIST);
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
        switch (kind) {
            case NOISY_LIST -> {
                int at = first + listSizes[noisyAt(w)]++;
                moveEntry(at, at + listSizes[businessAt(w)], BUSINESS_LIST);
                place(s, at, NOISY_LIST);
            }
            case BUSINESS_LIST -> place(s, first + listSizes[noisyAt(w)] + listSizes[businessAt(w)]++, BUSINESS_LIST);
            case OTHER_LIST -> place(s, first + WINDOW - ++listSizes[otherAt(w)], OTHER_LIST);
            default -> {}
        }
    }

    /** The entry at {@code from}, on list {@code kind}, takes the place of the one at {@code to} (a removal by swap). */
    private void moveEntry(int from, int to, int kind) {
        if (from != to) {
            place((from & -WINDOW) + drawList[from], to, kind);
        }
    }

    /** What a draw-list entry holds for slot {@code s}: its place in its window ({@link #drawList}). */
    private static byte placeInWindow(int s) {
        return (byte) (s & (WINDOW - 1));
    }

    /** Slot {@code s} at {@code entry} of its window, on list {@code kind}. */
    private void place(int s, int entry, int kind) {
        drawList[entry] = placeInWindow(s);
        listing[s] = (byte) ((entry & (WINDOW - 1)) << KIND_BITS | kind);
    }

    private void put(int s, FlatVm v) {
        LoadGenerator g = v.generator();
        if (g == null) {
            throw new IllegalStateException("VM " + v.id() + " has no load pattern to take slot " + s + " with");
        }
        // only what the slot's pattern draws with: a store to each of the other arrays cost a cache miss, at a random
        // slot
        int known = v.profileIndex();
        if (g instanceof NoisyLoad n) {
            pattern[s] = NOISY;
            mu[s] = n.mu();
            profile[s] = known >= 0 ? known : profileOf(v, n.sd(), 0);
        } else if (g instanceof SpikyLoad sp) {
            pattern[s] = SPIKY;
            mu[s] = sp.mu();
            profile[s] = known >= 0 ? known : profileOf(v, sp.sd(), indexOf(spikeModels, sp.spikes()));
            spike[s] = v.spike();
        } else if (g instanceof BusinessLoad b) {
            pattern[s] = BUSINESS;
            profile[s] = known >= 0 ? known : profileOf(v, b.sd(), indexOf(curves, b.curve()));
        } else {
            pattern[s] = OBJECT;
            profile[s] = known >= 0 ? known : profileOf(v, 0.0, 0);
        }
        stream[s] = v.stream();
        load[s] = 0;
        vm[s] = v;
        v.slot(s);
        // an empty slot is on no list, and a VM that does not run goes on none: only the list it goes on when it runs
        // is kept
        listing[s] = (byte) (listOf(pattern[s]) << KIND_BITS);
    }

    /** Empties slot {@code s}, its VM keeping its stream and spike state. */
    private void take(int s) {
        FlatVm v = vm[s];
        v.stream(stream[s]);
        if (pattern[s] == SPIKY) {
            // only a spiky slot's spike state is kept (put writes no other's): the pattern's line is written below
            // anyway
            v.spike(spike[s]);
        }
        v.slot(-1);
        clear(s);
    }

    /**
     * Marks slot {@code s} empty. Its other fields keep their last values: no one reads a slot
     * without a VM (it is off the draw lists and past its host's last slot in use), and
     * {@link #put} writes every one its VM's pattern draws with (mu is not read for a business
     * slot, the spike state only for a spiky one). Zeroing them cost a store to five more arrays
     * at every VM leaving a host, each at a slot the step touches at random.
     */
    private void clear(int s) {
        pattern[s] = EMPTY;
        vm[s] = null;
        if (runs(s)) {
            delist(s >>> WINDOW_SHIFT, listing[s]);
        }
        listing[s] = UNLISTED;
    }

    /**
     * The VM in slot {@code from} moves to slot {@code to}, which is empty. Within a window its
     * list entry is rewritten to name the new slot (no entry moves); across windows it leaves one
     * window's list for the other's.
     */
    private void move(int from, int to) {
        copy(this, from, this, to);
        vm[to].slot(to);
        int was = listing[from];
        if ((was & KIND_MASK) == UNLISTED || from >>> WINDOW_SHIFT == to >>> WINDOW_SHIFT) {
            if ((was & KIND_MASK) != UNLISTED) {
                drawList[(from & -WINDOW) + (was >>> KIND_BITS)] = placeInWindow(to);
            }
            listing[to] = (byte) was;
            listing[from] = UNLISTED; // its entry is to's now: clear must not take it off the list
            clear(from);
            return;
        }
        touch(to, true);
        clear(from);
    }

    private static void copy(HotState a, int from, HotState b, int to) {
        b.pattern[to] = a.pattern[from];
        b.spike[to] = a.spike[from];
        b.mu[to] = a.mu[from];
        b.profile[to] = a.profile[from];
        b.stream[to] = a.stream[from];
        b.load[to] = a.load[from];
        b.vm[to] = a.vm[from];
    }

    /** The index of {@code v}'s profile, its spread {@code sdValue} and table index {@code table}, kept by the VM if it keeps one. */
    private int profileOf(FlatVm v, double sdValue, int table) {
        int index = profiles.indexOf(sdValue, v.scale(), table);
        v.profileIndex(index);
        return index;
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
        int[] newBase = new int[n];
        long total = 0;
        for (int h = 0; h < n; h++) {
            newBase[h] = (int) total;
            total += highCount(h) + capacity;
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("too many VM slots for one world: " + total);
        }
        int slots = (int) total;
        int[] oldBase = null;
        if (pattern != null) {
            oldBase = new int[n];
            for (int h = 0; h < n; h++) {
                oldBase[h] = base(h);
            }
        }
        pattern = relaid(pattern, new byte[slots], oldBase, newBase);
        spike = relaid(spike, new byte[slots], oldBase, newBase);
        mu = relaid(mu, new double[slots], oldBase, newBase);
        profile = relaid(profile, new int[slots], oldBase, newBase);
        stream = relaid(stream, new long[slots], oldBase, newBase);
        load = relaid(load, new double[slots], oldBase, newBase);
        vm = relaid(vm, new FlatVm[slots], oldBase, newBase);
        int windows = (slots + WINDOW - 1) >>> WINDOW_SHIFT;
        drawList = new byte[windows << WINDOW_SHIFT];
        listSizes = new byte[windows * SIZES];
        // whether each slot runs is its listing's kind: kept across the relayout, the lists built anew
        byte[] wasListing = relaid(listing, new byte[slots], oldBase, newBase);
        listing = new byte[slots];
        for (int h = 0; h < n; h++) {
            perHost[h * HOST_INTS + FIRST] = newBase[h];
        }
        lowCapacity = capacity;
        for (int h = 0; h < n; h++) {
            for (int s = base(h), e = end(h); s < e; s++) {
                if (vm[s] != null) {
                    vm[s].slot(s);
                }
                touch(s, (wasListing[s] & KIND_MASK) != UNLISTED);
            }
        }
    }

    /** {@code fresh} with each host's slots in use copied from {@code old} (an array of the same type, or null). */
    private <A> A relaid(A old, A fresh, int[] oldBase, int[] newBase) {
        if (old != null) {
            for (int h = 0; h < newBase.length; h++) {
                System.arraycopy(old, oldBase[h], fresh, newBase[h], highCount(h) + lowCount(h));
            }
        }
        return fresh;
    }
}
