package org.overbookd.policy.qos;

import java.util.Arrays;

/**
 * What a preemption scan reads of every host before it looks into one, in one flat array: per
 * host its capacity and used resources, and per class the count, the largest high and smallest low
 * intercept of Q, and the demand held. A request that no host can take is checked against every
 * host, and in the generated month the scans visit some 200 million hosts a simulated day: with a
 * field of an object per host that walk was a chase of pointers through the heap, here it is a
 * sequential read of one record (a cache line or two) per host.
 */
final class HostTable {

    /** A host's record opens with its capacity and use. */
    private static final int CPU_CAPACITY = 0;

    private static final int MEM_CAPACITY = 1;
    private static final int USED_CPU = 2;
    private static final int USED_MEM = 3;
    /** The smallest cpu and memory a resident holds: how many victims a search may need at most. */
    private static final int SMALLEST_CPU = 4;

    private static final int SMALLEST_MEM = 5;
    private static final int HEADER = 6;
    /** A host's line of {@link #gates} opens with its use and capacity. */
    private static final int USED_CPU_GATE = 0;

    private static final int USED_MEM_GATE = 1;
    private static final int CPU_GATE = 2;
    private static final int MEM_GATE = 3;
    /**
     * Then per class slot: count, smallest low intercept, cpu and memory held, and for the TOP
     * residents of largest high intercept, in that order, each one's high intercept and the cpu and
     * memory of it and those before it. With them a scan knows exactly what a class could free on
     * the host whenever fewer than TOP of its residents are above the threshold, which is the usual
     * case: a request that has waited a little outranks only the host's oldest residents.
     */
    static final int TOP = 3;

    private static final int COUNT = 0;
    private static final int LOW = 1;
    private static final int CPU = 2;
    private static final int MEM = 3;
    private static final int HIGH = 4;
    private static final int RANK_FIELDS = 3;
    private static final int FIELDS = HIGH + TOP * RANK_FIELDS;

    private int hosts;
    private int slots;
    private int stride = HEADER;
    /** Host-major: host h's record starts at {@code h * stride}, its slot s at {@code h * stride + HEADER + s * FIELDS}. */
    private double[] records = new double[0];

    /**
     * Hosts per block of the cluster-wide bound. The bound is asked for once per pass, and a pass
     * follows each event while a request waits; between two passes an event changes a host or
     * two, so keeping each block's per-class extremes, recomputed only where a host changed,
     * replaces a read of every host per pass with a read of a few blocks.
     */
    private static final int BLOCK = 64;
    /** Per block and class slot ({@code [b * slots + s]}): hosts holding the class, largest high, smallest low intercept. */
    private int[] blockHolders = new int[0];

    private double[] blockHigh = new double[0];
    private double[] blockLow = new double[0];
    private boolean[] blockDirty = new boolean[0];

    /**
     * For the exact QoS-driven scan at one instant ({@link #plusT}): bounds of P_h+ over blocks of
     * 64 hosts and, inside them, of 8 (see {@link MarginBlocks}), so a scan passes over 64 hosts, or
     * 8, without reading them when no host there could be as good as the best so far. Recomputed
     * per block of 64 where a host changed ({@link #plusDirty}) or the instant moved.
     */
    private final MarginBlocks wide = new MarginBlocks(6);

    private final MarginBlocks narrow = new MarginBlocks(3);
    private boolean[] plusDirty = new boolean[0];
    private double plusT = Double.NaN;
    /**
     * The same per host, in {@link #PLUS_FIELDS} doubles ({@code [o * PLUS_FIELDS]}: the three sums,
     * (used - capacity) and the smallest resident, cpu then memory): a host the block's bound lets
     * through is bounded here on its own, in one cache line, before its record is read.
     */
    private static final int PLUS_FIELDS = 8;

    private double[] plusHost = new double[0];
    /** One host's sums of its 1, 2 and 3 largest bounds, handed to the blocks. */
    private final double[] plusSums = new double[TOP];

    /**
     * What {@link #mayFit} reads of a host first, in {@link #gateStride} doubles
     * ({@code [o * gateStride]}): its use and capacity, cpu then memory, and per class slot the high
     * intercept of its first-ranked resident (its {@link #gate}). In the generated month 83% of the
     * hosts a preemption scan checked held no resident above the request's thresholds, so could free
     * nothing and were ruled out by their use alone (the scan had found no host with room): read
     * here, such a host is one cache line instead of its whole record (6 + 13 doubles a class), and
     * the scans, a third of the run's CPU in its busiest weeks, read several times less memory.
     */
    private static final int GATES = 4;

    private int gateStride = GATES;
    private double[] gates = new double[0];

    /**
     * The hosts changed since a mark, for {@link FailedScans}: a ring of ordinals, each host logged
     * at most once between two marks ({@link #loggedIn} holds the mark's number it was last logged
     * under), and a count of all ever logged, so a mark older than the ring tells it is lost.
     */
    private static final int LOG = 1 << 13;

    /**
     * Bounds of what the first check could find in blocks of 64 hosts and, inside them, of 8
     * ({@link FitBlocks}), so a scan passes over a block without reading its hosts; raised from the
     * hosts changed since the last scan ({@link #fitPending}) before a scan reads them.
     */
    private final FitBlocks wideFit = new FitBlocks(6);

    private final FitBlocks narrowFit = new FitBlocks(3);
    private int[] fitPending = new int[0];
    private int fitPendingCount;
    private boolean[] isFitPending = new boolean[0];
    /** Blocks passed over without reading their hosts, for tests. */
    private long fitBlocksPassedOver;
    /** One host's values for the blocks ({@link #fitValues}). */
    private double[] fitScratch = new double[FitBlocks.stride(0)];

    private final int[] changeLog = new int[LOG];
    private long logged;
    private int[] loggedIn = new int[0];
    private int marks = 1;
    /** Counts host arrivals, removals and new class slots: what moves a scan's positions or reads. */
    private long layout;

    void addHost(int ordinal, NodeView view) {
        if (ordinal >= hosts) {
            resize(Math.max(ordinal + 1, hosts * 2), slots);
        }
        clear(ordinal);
        changed(ordinal);
        int h = ordinal * stride;
        records[h + CPU_CAPACITY] = view.cpu();
        records[h + MEM_CAPACITY] = view.mem();
        records[h + USED_CPU] = 0;
        records[h + USED_MEM] = 0;
        syncGates(ordinal);
    }

    /** A host gone, or arriving: nothing held, so it counts in no bound. */
    void clear(int ordinal) {
        if (ordinal >= hosts) {
            return;
        }
        layout++;
        changed(ordinal);
        int h = ordinal * stride;
        records[h + USED_CPU] = 0;
        records[h + USED_MEM] = 0;
        records[h + SMALLEST_CPU] = 0;
        records[h + SMALLEST_MEM] = 0;
        for (int s = 0; s < slots; s++) {
            slot(ordinal, s, 0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, 0, 0);
        }
        syncGates(ordinal);
    }

    void used(int ordinal, double cpuUsed, double memUsed, double smallestCpu, double smallestMem) {
        changed(ordinal);
        records[ordinal * stride + USED_CPU] = cpuUsed;
        records[ordinal * stride + USED_MEM] = memUsed;
        records[ordinal * stride + SMALLEST_CPU] = smallestCpu;
        records[ordinal * stride + SMALLEST_MEM] = smallestMem;
        plusDirty[ordinal / BLOCK] = true;
        gates[ordinal * gateStride + USED_CPU_GATE] = cpuUsed;
        gates[ordinal * gateStride + USED_MEM_GATE] = memUsed;
    }

    void slot(int ordinal, int s, int residents, double high, double low, double cpuHeld, double memHeld) {
        if (s >= slots) {
            resize(hosts, s + 1);
        }
        changed(ordinal);
        int i = ordinal * stride + HEADER + s * FIELDS;
        records[i + COUNT] = residents;
        records[i + LOW] = low;
        records[i + CPU] = cpuHeld;
        records[i + MEM] = memHeld;
        // until top() says more: every rank as high as can be, holding everything (a looser bound)
        for (int k = 0; k < TOP; k++) {
            records[i + HIGH + k * RANK_FIELDS] = k == 0 ? high : Double.POSITIVE_INFINITY;
            records[i + HIGH + k * RANK_FIELDS + 1] = cpuHeld;
            records[i + HIGH + k * RANK_FIELDS + 2] = memHeld;
        }
        blockDirty[ordinal / BLOCK] = true;
        plusDirty[ordinal / BLOCK] = true;
        gates[ordinal * gateStride + GATES + s] = gate(ordinal, s);
    }

    /**
     * The resident of this rank (0: largest high intercept) in class slot s: its high intercept
     * (negative infinity past the last resident) and the cpu and memory of the residents up to it.
     */
    void top(int ordinal, int s, int rank, double high, double cpuUpTo, double memUpTo) {
        changed(ordinal);
        int i = ordinal * stride + HEADER + s * FIELDS + HIGH + rank * RANK_FIELDS;
        records[i] = high;
        records[i + 1] = cpuUpTo;
        records[i + 2] = memUpTo;
        if (rank == 0) {
            blockDirty[ordinal / BLOCK] = true;
            gates[ordinal * gateStride + GATES + s] = gate(ordinal, s);
        }
        plusDirty[ordinal / BLOCK] = true;
    }

    /**
     * What {@link #mayFit} first reads of a class slot: NaN when the host holds no resident of it
     * (it is passed over), else the high intercept of its first-ranked resident, positive infinity
     * for NaN (the whole record then decides).
     */
    private double gate(int ordinal, int s) {
        int i = ordinal * stride + HEADER + s * FIELDS;
        if (records[i + COUNT] == 0) {
            return Double.NaN;
        }
        double high = records[i + HIGH];
        return Double.isNaN(high) ? Double.POSITIVE_INFINITY : high;
    }

    /** The host's line of {@link #gates} from its record. */
    private void syncGates(int ordinal) {
        int h = ordinal * stride;
        int g = ordinal * gateStride;
        gates[g + USED_CPU_GATE] = records[h + USED_CPU];
        gates[g + USED_MEM_GATE] = records[h + USED_MEM];
        gates[g + CPU_GATE] = records[h + CPU_CAPACITY];
        gates[g + MEM_GATE] = records[h + MEM_CAPACITY];
        for (int s = 0; s < slots; s++) {
            gates[g + GATES + s] = gate(ordinal, s);
        }
    }

    /**
     * A bound of the host's {@link NodeState#summary} at time t from the per-class intercepts,
     * without reading any resident: largest Q at or above, smallest margin at or below, lowest
     * priority exact. It covers every resident, so also the preemptible ones. {@code tolerance}
     * absorbs the rounding between b + r t and Q computed from e and p.
     */
    Residents bound(int ordinal, double t, SeenClasses classes, double tolerance) {
        double maxQos = Double.NEGATIVE_INFINITY;
        double minMargin = Double.POSITIVE_INFINITY;
        int minPriority = Integer.MAX_VALUE;
        for (int s = 0, i = ordinal * stride + HEADER; s < slots; s++, i += FIELDS) {
            if (records[i + COUNT] == 0) {
                continue;
            }
            double rate = classes.rate(s);
            maxQos = Math.max(maxQos, records[i + HIGH] + rate * t);
            minMargin = Math.min(minMargin, records[i + LOW] + rate * t - classes.safetyMargin(s));
            minPriority = Math.min(minPriority, classes.priority(s));
        }
        if (Double.isNaN(maxQos) || Double.isNaN(minMargin)) {
            return new Residents(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, minPriority);
        }
        return new Residents(maxQos + tolerance, minMargin - tolerance, minPriority);
    }

    /**
     * The bound over every host in the table (a removed host is {@link #clear}ed): what the cluster
     * could give up at best at time t, the same value as the largest and smallest of the hosts'
     * own bounds. From the blocks' per-class extremes: with a finite rate r, b + r t and
     * b + r t - phi grow with b in floating point too, so the extreme intercept gives the extreme
     * value. A class whose SLO of 0 makes its rate infinite goes through every host's bound.
     */
    Residents bound(double t, SeenClasses classes, double tolerance) {
        for (int s = 0; s < slots; s++) {
            if (!Double.isFinite(classes.rate(s))) {
                int[] all = new int[hosts];
                Arrays.setAll(all, h -> h);
                return bound(all, t, classes, tolerance);
            }
        }
        double maxQos = Double.NEGATIVE_INFINITY;
        double minMargin = Double.POSITIVE_INFINITY;
        int minPriority = Integer.MAX_VALUE;
        for (int s = 0; s < slots; s++) {
            double high = Double.NEGATIVE_INFINITY;
            double low = Double.POSITIVE_INFINITY;
            boolean held = false;
            for (int b = 0; b < blockDirty.length; b++) {
                if (blockDirty[b]) {
                    summarise(b);
                }
                int i = b * slots + s;
                if (blockHolders[i] > 0) {
                    held = true;
                    high = Math.max(high, blockHigh[i]);
                    low = Math.min(low, blockLow[i]);
                }
            }
            if (held) {
                double rate = classes.rate(s);
                maxQos = Math.max(maxQos, high + rate * t + tolerance);
                minMargin = Math.min(minMargin, low + rate * t - classes.safetyMargin(s) - tolerance);
                minPriority = Math.min(minPriority, classes.priority(s));
            }
        }
        if (Double.isNaN(maxQos) || Double.isNaN(minMargin)) {
            return new Residents(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, minPriority);
        }
        return new Residents(maxQos, minMargin, minPriority);
    }

    /** One block's per-class extremes, from its hosts' records. */
    private void summarise(int b) {
        for (int s = 0; s < slots; s++) {
            int holders = 0;
            double high = Double.NEGATIVE_INFINITY;
            double low = Double.POSITIVE_INFINITY;
            for (int h = b * BLOCK, end = Math.min(hosts, h + BLOCK); h < end; h++) {
                int i = h * stride + HEADER + s * FIELDS;
                if (records[i + COUNT] > 0) {
                    holders++;
                    high = Math.max(high, records[i + HIGH]);
                    low = Math.min(low, records[i + LOW]);
                }
            }
            blockHolders[b * slots + s] = holders;
            blockHigh[b * slots + s] = high;
            blockLow[b * slots + s] = low;
        }
        blockDirty[b] = false;
    }

    /**
     * The bound over the given hosts, each host's own bound taken: the reference the blocks are
     * tested against, and the way for a class of infinite rate.
     */
    Residents bound(int[] ordinals, double t, SeenClasses classes, double tolerance) {
        double maxQos = Double.NEGATIVE_INFINITY;
        double minMargin = Double.POSITIVE_INFINITY;
        int minPriority = Integer.MAX_VALUE;
        for (int ordinal : ordinals) {
            Residents r = bound(ordinal, t, classes, tolerance);
            maxQos = Math.max(maxQos, r.maxQos());
            minMargin = Math.min(minMargin, r.minMargin());
            minPriority = Math.min(minPriority, r.minPriority());
        }
        return new Residents(maxQos, minMargin, minPriority);
    }

    /**
     * Whether an instance of this demand could fit on the host once every resident that might be
     * eligible gave up what it holds; false for a host with no resident, where nothing could be
     * preempted. {@code above[s]} is the intercept a resident of class slot s must exceed to be
     * possibly eligible (see {@link HostIndex#eligibleIntercepts}). Per class, what the residents
     * above it hold is exact when fewer than TOP of them are (the same sums as the class column's),
     * and all the class holds otherwise: never less than {@link NodeState#mayFitAfterPreempting}
     * counts, and read without touching the host's object.
     */
    boolean mayFit(int ordinal, double cpuDemand, double memDemand, double[] above) {
        int g = ordinal * gateStride;
        boolean held = false;
        for (int s = 0; s < slots; s++) {
            double gate = gates[g + GATES + s];
            if (gate != gate) {
                continue; // NaN: no resident of this class
            }
            held = true;
            double b = s < above.length ? above[s] : Double.NEGATIVE_INFINITY;
            if (b == Double.NEGATIVE_INFINITY || gate > b) {
                return mayFitFreeing(ordinal, cpuDemand, memDemand, above);
            }
        }
        // No class frees anything (no resident above its threshold): the record's sums would be 0,
        // and used - 0 is used.
        return held
                && gates[g + USED_CPU_GATE] + cpuDemand <= gates[g + CPU_GATE] + 2 * NodeState.EPSILON
                && gates[g + USED_MEM_GATE] + memDemand <= gates[g + MEM_GATE] + 2 * NodeState.EPSILON;
    }

    /**
     * {@link #mayFit} from the host's whole record, for a host where some class may free something
     * (the reference its first look is tested against).
     */
    boolean mayFitFreeing(int ordinal, double cpuDemand, double memDemand, double[] above) {
        int h = ordinal * stride;
        double freedCpu = 0;
        double freedMem = 0;
        boolean held = false;
        for (int s = 0, i = h + HEADER; s < slots; s++, i += FIELDS) {
            if (records[i + COUNT] == 0) {
                continue;
            }
            held = true;
            double b = s < above.length ? above[s] : Double.NEGATIVE_INFINITY;
            if (b == Double.NEGATIVE_INFINITY) {
                freedCpu += records[i + CPU];
                freedMem += records[i + MEM];
                continue;
            }
            int n = 0;
            while (n < TOP && records[i + HIGH + n * RANK_FIELDS] > b) {
                n++;
            }
            if (n == TOP) {
                freedCpu += records[i + CPU];
                freedMem += records[i + MEM];
            } else if (n > 0) {
                // exactly the first n residents: what the class column would say
                freedCpu += records[i + HIGH + (n - 1) * RANK_FIELDS + 1];
                freedMem += records[i + HIGH + (n - 1) * RANK_FIELDS + 2];
            }
        }
        // Twice the usual epsilon: these sums add the same demands in another order than a victim search.
        return held
                && records[h + USED_CPU] - freedCpu + cpuDemand <= records[h + CPU_CAPACITY] + 2 * NodeState.EPSILON
                && records[h + USED_MEM] - freedMem + memDemand <= records[h + MEM_CAPACITY] + 2 * NodeState.EPSILON;
    }

    /** Bounds of P_h+ over blocks of 64 hosts, at the instant of the last {@link #preparePositiveMargins}. */
    MarginBlocks wideMarginBlocks() {
        return wide;
    }

    /** The same over blocks of 8 hosts. */
    MarginBlocks narrowMarginBlocks() {
        return narrow;
    }

    /** Brings every block's bounds of P_h+ to time t, so scans on several threads only read them. */
    void preparePositiveMargins(double t, SeenClasses classes, double tolerance) {
        if (Double.compare(t, plusT) != 0) {
            Arrays.fill(plusDirty, true);
            plusT = t;
        }
        double[] top = new double[TOP];
        for (int b = 0; b < plusDirty.length; b++) {
            if (!plusDirty[b]) {
                continue;
            }
            wide.reset(b);
            for (int o = b * BLOCK, end = Math.min(hosts, o + BLOCK); o < end; o += 8) {
                narrow.reset(narrow.block(o));
            }
            for (int o = b * BLOCK, end = Math.min(hosts, o + BLOCK); o < end; o++) {
                if (largestMargins(o, t, classes, tolerance, top)) {
                    summarisePositiveMargins(o, top);
                } else {
                    plusHost[o * PLUS_FIELDS + 5] = Double.POSITIVE_INFINITY; // holds nothing: bound 0
                }
            }
            plusDirty[b] = false;
        }
    }

    /**
     * The host's three largest bounds of Q - phi at t, each at least 0, in {@code top}: per class
     * its TOP largest high intercepts (the others are below them); false for a host holding nothing.
     */
    private boolean largestMargins(int ordinal, double t, SeenClasses classes, double tolerance, double[] top) {
        Arrays.fill(top, 0);
        boolean held = false;
        for (int s = 0, i = ordinal * stride + HEADER; s < slots; s++, i += FIELDS) {
            if (records[i + COUNT] == 0) {
                continue;
            }
            held = true;
            for (int k = 0; k < TOP && k < records[i + COUNT]; k++) {
                double v =
                        records[i + HIGH + k * RANK_FIELDS] + classes.rate(s) * t - classes.safetyMargin(s) + tolerance;
                v = Double.isNaN(v) ? Double.POSITIVE_INFINITY : v;
                for (int r = 0; r < TOP; r++) { // insert into the descending top
                    if (v > top[r]) {
                        double moved = top[r];
                        top[r] = v;
                        v = moved;
                    }
                }
            }
        }
        return held;
    }

    private void summarisePositiveMargins(int ordinal, double[] top) {
        int h = ordinal * stride;
        double sum = 0;
        int p = ordinal * PLUS_FIELDS;
        for (int k = 0; k < TOP; k++) {
            sum += top[k];
            plusHost[p + k] = sum;
            plusSums[k] = sum;
        }
        plusHost[p + 3] = top[TOP - 1];
        plusHost[p + 4] = records[h + USED_CPU] - records[h + CPU_CAPACITY];
        plusHost[p + 5] = records[h + SMALLEST_CPU];
        plusHost[p + 6] = records[h + USED_MEM] - records[h + MEM_CAPACITY];
        plusHost[p + 7] = records[h + SMALLEST_MEM];
        for (MarginBlocks blocks : new MarginBlocks[] {wide, narrow}) {
            blocks.include(
                    ordinal,
                    plusSums,
                    plusHost[p + 3],
                    plusHost[p + 4],
                    plusHost[p + 5],
                    plusHost[p + 6],
                    plusHost[p + 7]);
        }
    }

    /**
     * The host's own bound of P_h+'s sum for a request of this demand, at the instant of the last
     * {@link #preparePositiveMargins}: the sum of its largest bounds of Q - phi, as many as victims
     * it may need; 0 for a host holding nothing, positive infinity when the numbers cannot tell.
     */
    double hostPositiveMarginBound(int ordinal, double cpuDemand, double memDemand) {
        int p = ordinal * PLUS_FIELDS;
        if (plusHost[p + 5] == Double.POSITIVE_INFINITY) {
            return 0;
        }
        double missing = Math.max(
                (plusHost[p + 4] + cpuDemand) / plusHost[p + 5], (plusHost[p + 6] + memDemand) / plusHost[p + 7]);
        if (!(missing < 1 << 20)) {
            return Double.POSITIVE_INFINITY;
        }
        double victims = 1 + Math.floor(Math.max(0, missing) * (1 + 1e-9) + 1e-9);
        return victims <= TOP
                ? plusHost[p + (int) victims - 1]
                : plusHost[p + TOP - 1] + (victims - TOP) * plusHost[p + 3];
    }

    /** Logs a host as changed, once between two marks, and for its fit blocks, once until they read it. */
    private void changed(int ordinal) {
        if (!isFitPending[ordinal]) {
            isFitPending[ordinal] = true;
            fitPending[fitPendingCount++] = ordinal;
        }
        if (loggedIn[ordinal] != marks) {
            loggedIn[ordinal] = marks;
            changeLog[(int) (logged++ & (LOG - 1))] = ordinal;
        }
    }

    /** A point in the log: hosts changed after it are listed by {@link #changedSince}. */
    long mark() {
        if (++marks == Integer.MAX_VALUE) {
            Arrays.fill(loggedIn, 0);
            marks = 1;
        }
        return logged;
    }

    /**
     * The ordinals of the hosts changed since the mark (some perhaps twice), at most {@code most};
     * null when there are more, or the ring no longer holds them all.
     */
    int[] changedSince(long mark, int most) {
        long n = logged - mark;
        if (n > LOG || n > most) {
            return null;
        }
        int[] changed = new int[(int) n];
        for (int k = 0; k < n; k++) {
            changed[k] = changeLog[(int) ((mark + k) & (LOG - 1))];
        }
        return changed;
    }

    /** Changes when hosts come or go or a class slot is added (see {@link #layout}). */
    long layout() {
        return layout;
    }

    /**
     * For a host where {@link #mayFit} is false: how far every threshold in {@code above} may fall
     * (as intercepts) before a resident more could count as freed, which is the only way the
     * answer could become true while the host is unchanged (a threshold that rises frees less).
     * Per class that is the distance from its threshold down to the high intercept of its first
     * resident not above it; infinite when no other resident could cross. Negative when mayFit is
     * true.
     */
    double failGap(int ordinal, double cpuDemand, double memDemand, double[] above) {
        int g = ordinal * gateStride;
        double gap = Double.POSITIVE_INFINITY;
        boolean held = false;
        for (int s = 0; s < slots; s++) {
            double gate = gates[g + GATES + s];
            if (gate != gate) {
                continue;
            }
            held = true;
            double b = s < above.length ? above[s] : Double.NEGATIVE_INFINITY;
            if (b == Double.NEGATIVE_INFINITY || gate > b) {
                return freeingGap(ordinal, cpuDemand, memDemand, above);
            }
            if (b != Double.POSITIVE_INFINITY && gate > Double.NEGATIVE_INFINITY) {
                gap = Math.min(gap, b - gate);
            }
        }
        return held
                        && gates[g + USED_CPU_GATE] + cpuDemand <= gates[g + CPU_GATE] + 2 * NodeState.EPSILON
                        && gates[g + USED_MEM_GATE] + memDemand <= gates[g + MEM_GATE] + 2 * NodeState.EPSILON
                ? -1
                : gap;
    }

    /** {@link #failGap} from the host's whole record, where some class frees something. */
    private double freeingGap(int ordinal, double cpuDemand, double memDemand, double[] above) {
        if (mayFitFreeing(ordinal, cpuDemand, memDemand, above)) {
            return -1;
        }
        double gap = Double.POSITIVE_INFINITY;
        for (int s = 0, i = ordinal * stride + HEADER; s < slots; s++, i += FIELDS) {
            double b = s < above.length ? above[s] : Double.NEGATIVE_INFINITY;
            if (records[i + COUNT] == 0 || b == Double.NEGATIVE_INFINITY || b == Double.POSITIVE_INFINITY) {
                continue;
            }
            int n = 0;
            while (n < TOP && records[i + HIGH + n * RANK_FIELDS] > b) {
                n++;
            }
            if (n < TOP) {
                double next = records[i + HIGH + n * RANK_FIELDS];
                if (next > Double.NEGATIVE_INFINITY) { // NaN is above no threshold, ever
                    gap = Math.min(gap, b - next);
                }
            }
        }
        return gap;
    }

    /** A new array for this many hosts and class slots, the old records copied, new slots empty. */
    private void resize(int newHosts, int newSlots) {
        int newStride = HEADER + newSlots * FIELDS;
        double[] grown = new double[newHosts * newStride];
        for (int h = 0; h < newHosts; h++) {
            int to = h * newStride;
            if (h < hosts) {
                System.arraycopy(records, h * stride, grown, to, stride);
            }
            for (int s = h < hosts ? slots : 0; s < newSlots; s++) {
                grown[to + HEADER + s * FIELDS + LOW] = Double.POSITIVE_INFINITY;
                for (int k = 0; k < TOP; k++) {
                    grown[to + HEADER + s * FIELDS + HIGH + k * RANK_FIELDS] = Double.NEGATIVE_INFINITY;
                }
            }
        }
        records = grown;
        hosts = newHosts;
        slots = newSlots;
        stride = newStride;
        int blocks = (newHosts + BLOCK - 1) / BLOCK;
        blockHolders = new int[blocks * newSlots];
        blockHigh = new double[blocks * newSlots];
        blockLow = new double[blocks * newSlots];
        blockDirty = new boolean[blocks];
        Arrays.fill(blockDirty, true);
        wide.resize(newHosts);
        narrow.resize(newHosts);
        plusDirty = new boolean[blocks];
        Arrays.fill(plusDirty, true);
        plusHost = new double[newHosts * PLUS_FIELDS];
        layout++;
        loggedIn = Arrays.copyOf(loggedIn, newHosts);
        gateStride = GATES + newSlots;
        gates = new double[newHosts * gateStride];
        for (int h = 0; h < newHosts; h++) {
            syncGates(h);
        }
        wideFit.resize(newHosts, newSlots);
        narrowFit.resize(newHosts, newSlots);
        fitScratch = new double[FitBlocks.stride(newSlots)];
        fitPending = new int[newHosts];
        isFitPending = new boolean[newHosts];
        fitPendingCount = 0;
        for (int h = 0; h < newHosts; h++) { // the blocks hold nothing yet: every host raises them
            isFitPending[h] = true;
            fitPending[fitPendingCount++] = h;
        }
    }

    /**
     * The first place in [k, end) of a scan over these ordinals (ascending) whose host passes the
     * first check ({@link #mayFit}), or end: the hosts in between fail it. Blocks of hosts whose
     * bounds ({@link FitBlocks}) rule them all out are passed over without reading a host.
     */
    int nextMayFit(int[] ordinals, int k, int end, double cpuDemand, double memDemand, double[] above) {
        prepareFit();
        int wideUntil = -1; // ordinals below these belong to blocks whose bounds let them through
        int narrowUntil = -1;
        while (k < end) {
            int o = ordinals[k];
            if (o >= wideUntil) {
                int w = wideFit.block(o);
                if (!blockMayFit(wideFit, w, cpuDemand, memDemand, above)) {
                    fitBlocksPassedOver++;
                    k = placeOf(ordinals, k, end, wideFit.end(w));
                    continue;
                }
                wideUntil = wideFit.end(w);
            }
            if (o >= narrowUntil) {
                int n = narrowFit.block(o);
                if (!blockMayFit(narrowFit, n, cpuDemand, memDemand, above)) {
                    fitBlocksPassedOver++;
                    k = placeOf(ordinals, k, end, narrowFit.end(n));
                    continue;
                }
                narrowUntil = narrowFit.end(n);
            }
            if (mayFit(o, cpuDemand, memDemand, above)) {
                return k;
            }
            k++;
        }
        return end;
    }

    long fitBlocksPassedOver() {
        return fitBlocksPassedOver;
    }

    /**
     * The first place in (k, end) whose ordinal is at least target, or end. Ordinals rise by at
     * least one a place, so it is at most k + (target - ordinals[k]): with every host present, that.
     */
    private static int placeOf(int[] ordinals, int k, int end, int target) {
        int guess = k + (target - ordinals[k]);
        if (guess < end && ordinals[guess] == target) {
            return guess;
        }
        int at = Arrays.binarySearch(ordinals, k + 1, Math.min(end, guess + 1), target);
        return at >= 0 ? at : -at - 1;
    }

    /** A block's bound, rebuilt from its members first when it is stale and lets the block through. */
    private boolean blockMayFit(FitBlocks level, int b, double cpuDemand, double memDemand, double[] above) {
        if (level.mayFit(b, cpuDemand, memDemand, above)) {
            if (!level.stale(b)) {
                return true;
            }
            rebuild(level, b);
            return level.mayFit(b, cpuDemand, memDemand, above);
        }
        return false;
    }

    /** A wide block from its narrow blocks, a narrow one from its hosts' records. */
    private void rebuild(FitBlocks level, int b) {
        level.reset(b);
        if (level == wideFit) {
            int last = Math.min(hosts, wideFit.end(b)) - 1;
            for (int n = narrowFit.block(wideFit.first(b)); n <= narrowFit.block(last); n++) {
                level.include(b, narrowFit.values(), narrowFit.offset(n));
            }
        } else {
            for (int o = narrowFit.first(b), end = Math.min(hosts, narrowFit.end(b)); o < end; o++) {
                fitValues(o, fitScratch);
                level.include(b, fitScratch, 0);
            }
            wideFit.markStale(wideFit.block(narrowFit.first(b))); // it may now be lowered too
        }
    }

    /** Raises the blocks of the hosts changed since the last scan with their new values. */
    private void prepareFit() {
        for (int k = 0; k < fitPendingCount; k++) {
            int o = fitPending[k];
            isFitPending[o] = false;
            fitValues(o, fitScratch);
            int n = narrowFit.block(o);
            narrowFit.include(n, fitScratch, 0);
            narrowFit.markStale(n);
            int w = wideFit.block(o);
            wideFit.include(w, fitScratch, 0);
            wideFit.markStale(w);
        }
        fitPendingCount = 0;
    }

    /**
     * A host's values for {@link FitBlocks}, from its record: free room and its scale, and per class
     * the high intercepts of its leading residents as the check counts them (a rank only with the
     * ranks before it, NaN never above a threshold) and what they hold. A value the check could not
     * compare (NaN) is counted as the largest, so the bound stays one.
     */
    private void fitValues(int ordinal, double[] into) {
        int h = ordinal * stride;
        into[0] = largestIfNaN(records[h + CPU_CAPACITY] - records[h + USED_CPU]);
        into[1] = largestIfNaN(records[h + MEM_CAPACITY] - records[h + USED_MEM]);
        into[2] = largestIfNaN(Math.abs(records[h + CPU_CAPACITY]) + Math.abs(records[h + USED_CPU]));
        into[3] = largestIfNaN(Math.abs(records[h + MEM_CAPACITY]) + Math.abs(records[h + USED_MEM]));
        for (int s = 0, i = h + HEADER, f = FitBlocks.HEADER; s < slots; s++, i += FIELDS, f += FitBlocks.FIELDS) {
            if (records[i + COUNT] == 0) {
                Arrays.fill(into, f, f + FitBlocks.FIELDS, Double.NEGATIVE_INFINITY);
                continue;
            }
            double lead = Double.POSITIVE_INFINITY;
            for (int k = 0; k < TOP; k++) {
                double high = records[i + HIGH + k * RANK_FIELDS];
                lead = Math.min(lead, high != high ? Double.NEGATIVE_INFINITY : high);
                into[f + FitBlocks.HIGH + k] = lead;
            }
            for (int k = 0; k < TOP - 1; k++) {
                into[f + FitBlocks.CPU_FIRST + k] = largestIfNaN(records[i + HIGH + k * RANK_FIELDS + 1]);
                into[f + FitBlocks.MEM_FIRST + k] = largestIfNaN(records[i + HIGH + k * RANK_FIELDS + 2]);
            }
            into[f + FitBlocks.CPU_ALL] = largestIfNaN(records[i + CPU]);
            into[f + FitBlocks.MEM_ALL] = largestIfNaN(records[i + MEM]);
        }
    }

    private static double largestIfNaN(double v) {
        return v != v ? Double.POSITIVE_INFINITY : v;
    }
}
