package org.overbookd.policy.qos;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The request scheduler's index of a cluster, kept between passes and changed as instances are
 * placed, preempted, completed and hosts come and go, so a pass costs what it looks at rather than
 * the size of the cluster. It is the policy's own state: a {@link RequestPolicy} owns one, the world
 * reports completions and host changes to it through the policy, and
 * {@link RequestScheduler#schedule(HostIndex, List, double, java.util.SplittableRandom)} records its
 * own placements and preemptions in it.
 *
 * <p>What it caches and why that is exact: free resources (sums, changed on every placement and
 * removal), the free-CPU index, and per host and class two intercepts of Q over time (see
 * {@link Resident}), which bound every resident's Q at any later instant without reading it. Bounds
 * only decide which hosts a pass may skip; whatever a pass decides it decides on exact views read
 * at its own instant.
 */
public final class HostIndex {

    /** Q is b + r t up to rounding: far below a second, far above the rounding of t ~ 10^7 s. */
    static final double BOUND_TOLERANCE = 1e-6;

    private final Map<String, NodeState> hosts = new HashMap<>();
    /** Present hosts by ordinal: the order of the preemption scan. */
    private final List<NodeState> scan = new ArrayList<>();
    /**
     * The ordinals of {@link #scan}, so a scan can test hosts in the flat table before touching one;
     * null when hosts changed since, rebuilt on first use (not per host added: 12,500 adds would
     * copy the list 12,500 times).
     */
    private int[] scanOrdinals;

    private final FreeCpuIndex index;
    private final SeenClasses classes = new SeenClasses();
    private final HostTable table = new HostTable();
    private final FailedScans failedScans = new FailedScans(table);
    /** The instances the current pass moved, in the order it moved them (see {@link #moved()}). */
    private final List<LiveInstance> moved = new ArrayList<>();

    private long passes;
    private long instances;

    public HostIndex() {
        this(FreeCpuIndex.DEFAULT_CHUNK);
    }

    /** With the free-CPU index cut into chunks of at most this many hosts (tests take small ones). */
    HostIndex(int freeCpuChunk) {
        this.index = new FreeCpuIndex(freeCpuChunk);
    }

    /** Adds a host; ordinal is its place in the caller's host list (its rank in scans and ties). */
    public void addHost(NodeView view, int ordinal) {
        if (hosts.containsKey(view.id())) {
            throw new IllegalArgumentException("host " + view.id() + " is already in the cluster");
        }
        NodeState n = new NodeState(view, ordinal, table);
        hosts.put(view.id(), n);
        int at = Collections.binarySearch(scan, n, (a, b) -> Integer.compare(a.ordinal(), b.ordinal()));
        scan.add(at < 0 ? -at - 1 : at, n);
        scanOrdinals = null;
        index.add(n);
    }

    /** Forgets a host and what it held; the caller sends its instances back to the queue. */
    public void removeHost(String id) {
        NodeState n = hosts.remove(id);
        if (n != null) {
            scan.remove(n);
            table.clear(n.ordinal());
            scanOrdinals = null;
            index.remove(n);
            instances -= n.size();
        }
    }

    /**
     * The instances a host holds, in the order they were placed on it (none for a host it does not
     * know): what the world sends back to the queue when the host goes.
     */
    public List<LiveInstance> holding(String id) {
        NodeState n = hosts.get(id);
        return n == null ? List.of() : n.holding();
    }

    public boolean hasHost(String id) {
        return hosts.containsKey(id);
    }

    /** Puts an instance on a host outside any pass (its view read at time t). */
    public void place(String host, LiveInstance instance, double t) {
        NodeState n = hosts.get(host);
        Resident r = resident(instance, instance.viewAt(t), t);
        change(n, () -> n.add(r, null));
    }

    /** Takes an instance off its host (completion); false when the host does not hold it. */
    public boolean remove(String host, LiveInstance instance) {
        NodeState n = hosts.get(host);
        Resident r = n == null ? null : n.find(instance);
        if (r == null) {
            return false;
        }
        change(n, () -> n.remove(r));
        return true;
    }

    /** Instances held in the whole cluster. */
    public long instances() {
        return instances;
    }

    Pass beginPass(double t, long salt) {
        moved.clear();
        return new Pass(++passes, t, salt);
    }

    /**
     * The instances the last pass preempted or placed, in the order it did so: for each of its
     * allocations, the victims in order, then the instance placed. A caller applying the pass's
     * allocations reads its instances from here instead of looking each one up by id.
     */
    public List<LiveInstance> moved() {
        return Collections.unmodifiableList(moved);
    }

    List<NodeState> scanOrder() {
        return scan;
    }

    /** The hosts by free CPU, as the exact search for room reads them. */
    FreeCpuIndex freeCpu() {
        return index;
    }

    /** A bound of the host's summary at t from its intercepts, without reading a resident. */
    Residents bound(NodeState n, double t) {
        return table.bound(n.ordinal(), t, classes, BOUND_TOLERANCE);
    }

    /**
     * Per class slot, the high intercept a resident must exceed to be possibly eligible for j at
     * t, from the plugin's {@link Preemption#eligibleAbove}: negative infinity when any may be
     * (also for a class whose SLO of 0 makes its intercepts meaningless), positive when none.
     */
    double[] eligibleIntercepts(Candidate j, double t, PreemptionSpeedUp preemption) {
        double[] above = new double[classes.size()];
        for (int s = 0; s < above.length; s++) {
            double q = preemption.eligibleAbove(j, classes.serviceClass(s));
            double rate = classes.rate(s);
            above[s] = q == Double.POSITIVE_INFINITY
                    ? q
                    : q == Double.NEGATIVE_INFINITY || !Double.isFinite(rate)
                            ? Double.NEGATIVE_INFINITY
                            : q - rate * t - BOUND_TOLERANCE;
        }
        return above;
    }

    /**
     * Whether j could fit on the host at this place of {@link #scanOrder()} once every class that
     * might hold an eligible resident gave up all it holds (false for an empty host). Reads only
     * the flat table.
     */
    boolean mayFitCoarse(int scanPosition, Candidate j, double[] above) {
        prepareScan();
        return table.mayFit(scanOrdinals[scanPosition], j.view().cpu(), j.view().mem(), above);
    }

    /**
     * The first place in [k, end) of {@link #scanOrder()} whose host passes {@link #mayFitCoarse},
     * or end; blocks of hosts that all fail it are passed over without reading them.
     */
    int nextMayFitCoarse(int k, int end, Candidate j, double[] above) {
        prepareScan();
        return table.nextMayFit(scanOrdinals, k, end, j.view().cpu(), j.view().mem(), above);
    }

    /**
     * An upper bound of what the QoS-driven cost's P_h+ could sum on the host at this place of
     * {@link #scanOrder()} for j at t (see {@link HostTable#positiveMarginBound}); reads only the
     * flat table, at the instant of the last {@link #prepareScan(double)}.
     */
    double positiveMarginBound(int scanPosition, Candidate j) {
        return table.hostPositiveMarginBound(
                scanOrdinals[scanPosition], j.view().cpu(), j.view().mem());
    }

    /** Builds what {@link #mayFitCoarse} reads, so threads scanning at once only read it. */
    void prepareScan() {
        if (scanOrdinals == null) {
            scanOrdinals = scan.stream().mapToInt(NodeState::ordinal).toArray();
        }
    }

    /** Also brings the blocks' bounds of P_h+ to t (see {@link #wideMarginBlocks}). */
    void prepareScan(double t) {
        prepareScan();
        table.preparePositiveMargins(t, classes, BOUND_TOLERANCE);
    }

    /** The place in {@link #scanOrder()} of the host of this ordinal (after {@link #prepareScan()}). */
    int positionOf(int ordinal) {
        return Arrays.binarySearch(scanOrdinals, ordinal);
    }

    /** What waiting requests' failed preemption scans proved, for their next scans. */
    FailedScans failedScans() {
        return failedScans;
    }

    /** The ordinal of the host at this place of {@link #scanOrder()} (after {@link #prepareScan()}). */
    int ordinalAt(int scanPosition) {
        return scanOrdinals[scanPosition];
    }

    /**
     * Upper bounds of what P_h+ could sum on any host of a block of 64 hosts by ordinal, at the
     * instant of the last {@link #prepareScan(double)}.
     */
    MarginBlocks wideMarginBlocks() {
        return table.wideMarginBlocks();
    }

    /** The same over blocks of 8 hosts. */
    MarginBlocks narrowMarginBlocks() {
        return table.narrowMarginBlocks();
    }

    /** Whether j could fit on n once every resident that might be eligible were gone. */
    boolean mayFitAfterPreempting(NodeState n, Candidate j, double[] above) {
        return n.mayFitAfterPreempting(j.view(), above);
    }

    /** The bound over every host: what the whole cluster could give up at best at time t. */
    Residents bound(double t) {
        return table.bound(t, classes, BOUND_TOLERANCE);
    }

    /** A pass preempts a victim: off its host, free resources and index updated. */
    void preempt(NodeState n, Candidate victim) {
        moved.add(victim.source());
        change(n, () -> n.remove(victim.resident));
    }

    /** A pass places j: on the host with the pass's own view, which marks it placed this pass. */
    void placeInPass(NodeState n, Candidate j, Pass pass) {
        moved.add(j.source());
        Resident r = resident(j.source(), j.view(), pass.t());
        r.adopt(j, pass);
        change(n, () -> n.add(r, pass));
    }

    private Resident resident(LiveInstance live, InstanceView v, double t) {
        int slot = classes.number(v.serviceClass());
        return new Resident(live, v, slot, classes.rate(slot), t);
    }

    private void change(NodeState n, Runnable update) {
        int before = n.size();
        index.remove(n);
        update.run();
        index.add(n);
        instances += n.size() - before;
    }
}
