package org.overbookd.policy.qos;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A host as the scheduler keeps it between passes: what is free, which instances hold its
 * resources, and per class their order by Q (see {@link Resident}, {@link ClassColumn}), whose
 * summary it copies into the cluster's {@link HostTable}. Exact views of the
 * residents are built only when a pass looks into the host, once per pass.
 */
public final class NodeState {

    /** Absorbs the rounding of sums of fractional demands (0.375 * 10 slots must fit in 3.75). */
    static final double EPSILON = 1e-9;

    private final NodeView view;
    private final int ordinal;
    /**
     * The residents in the order they were placed, with side by side the instance each one accounts
     * for and its CPU and memory demand. A completion finds its resident by comparing references in
     * one array, and the smallest demand is read from two arrays of doubles: walking the residents'
     * objects (and their views) on every placement and completion touched a dozen objects scattered
     * over a heap of gigabytes each time, in a month of 25 million of each.
     */
    private Resident[] residents = new Resident[4];

    private LiveInstance[] lives = new LiveInstance[4];
    private double[] cpus = new double[4];
    private double[] mems = new double[4];
    private int size;
    private double usedCpu;
    private double usedMem;
    /** Per class slot: the residents by high intercept. */
    private ClassColumn[] columns = new ClassColumn[0];

    /** The current pass's exact view of the residents; rebuilt when the stamp is another pass's. */
    private long stamp = -1;

    private List<Candidate> candidates = List.of();
    /** The preemption plugin's order of the preemptible residents, kept until the host changes. */
    private List<Candidate> preemptionOrder;

    private Residents summary = Residents.NONE;
    /** The same order as arrays, for the exact QoS-driven scan; dropped with the order. */
    private QosRows rows;

    private final HostTable table;

    NodeState(NodeView view, int ordinal, HostTable table) {
        this.view = view;
        this.ordinal = ordinal;
        this.table = table;
        table.addHost(ordinal, view);
    }

    /** Position in the cluster's host list: the deterministic tie-break of indexes and scans. */
    int ordinal() {
        return ordinal;
    }

    public NodeView view() {
        return view;
    }

    /** The residents as the current pass sees them (after {@link #refresh}). */
    public List<Candidate> residents() {
        return Collections.unmodifiableList(candidates);
    }

    public double usedCpu() {
        return usedCpu;
    }

    public double usedMem() {
        return usedMem;
    }

    int size() {
        return size;
    }

    /** The instances the residents account for, in the order they were placed on the host. */
    List<LiveInstance> holding() {
        return List.of(Arrays.copyOf(lives, size));
    }

    /** Whether the demand fits in what is free once these residents are gone. */
    public boolean fitsWithout(InstanceView j, double freedCpu, double freedMem) {
        return usedCpu - freedCpu + j.cpu() <= view.cpu() + EPSILON
                && usedMem - freedMem + j.mem() <= view.mem() + EPSILON;
    }

    /** Builds this pass's exact views of the residents, unless already built. */
    void refresh(Pass pass) {
        if (stamp != pass.stamp()) {
            List<Candidate> list = new ArrayList<>(size);
            for (int k = 0; k < size; k++) {
                list.add(residents[k].candidate(pass));
            }
            candidates = list;
            preemptionOrder = null;
            rows = null;
            stamp = pass.stamp();
        }
    }

    /**
     * The residents a pass may preempt (not those it placed), in the order the preemption plugin
     * builds; built once per host and pass, again only after the host changes.
     */
    List<Candidate> preemptionOrder(UnaryOperator<List<Candidate>> build) {
        if (preemptionOrder == null) {
            List<Candidate> list = new ArrayList<>();
            for (Candidate c : candidates) {
                if (!c.placedThisPass()) {
                    list.add(c);
                }
            }
            preemptionOrder = build.apply(list);
            summary = Residents.of(preemptionOrder);
        }
        return preemptionOrder;
    }

    /** The preemption order as the exact QoS-driven scan reads it (built if stale). */
    QosRows rows(UnaryOperator<List<Candidate>> build, QosPreemptionCost cost) {
        List<Candidate> order = preemptionOrder(build);
        if (rows == null) {
            rows = new QosRows(order, cost);
        }
        return rows;
    }

    /** The summary of the preemptible residents, in the plugin's order (built if stale). */
    Residents summary(UnaryOperator<List<Candidate>> build) {
        preemptionOrder(build);
        return summary;
    }

    /**
     * Whether j could fit here once every resident that might be eligible for it were gone: a
     * necessary condition of a victim search's success, read from the class columns without
     * building a view. {@code above[s]} is the intercept a resident of class slot s must exceed to
     * be possibly eligible ({@link HostIndex#eligibleIntercepts}); a resident's Q at t is at most its
     * high intercept plus r t, so the residents counted include every eligible one.
     */
    boolean mayFitAfterPreempting(InstanceView j, double[] above) {
        double cpu = 0;
        double mem = 0;
        for (int s = 0; s < columns.length; s++) {
            double b = s < above.length ? above[s] : Double.NEGATIVE_INFINITY;
            cpu += columns[s].cpuAbove(b);
            mem += columns[s].memAbove(b);
        }
        return fitsWithout(j, cpu, mem);
    }

    void add(Resident r, Pass pass) {
        if (size == residents.length) {
            residents = Arrays.copyOf(residents, 2 * size);
            lives = Arrays.copyOf(lives, 2 * size);
            cpus = Arrays.copyOf(cpus, 2 * size);
            mems = Arrays.copyOf(mems, 2 * size);
        }
        residents[size] = r;
        lives[size] = r.live;
        cpus[size] = r.placed.cpu();
        mems[size] = r.placed.mem();
        size++;
        usedCpu += r.placed.cpu();
        usedMem += r.placed.mem();
        grow(r.slot);
        columns[r.slot].add(r);
        publish(r.slot);
        if (pass != null && stamp == pass.stamp()) {
            candidates.add(r.candidate(pass));
        } else {
            stamp = -1;
        }
        preemptionOrder = null;
        rows = null;
    }

    void remove(Resident r) {
        int at = 0;
        while (at < size && residents[at] != r) {
            at++;
        }
        if (at < size) {
            int after = size - at - 1;
            System.arraycopy(residents, at + 1, residents, at, after);
            System.arraycopy(lives, at + 1, lives, at, after);
            System.arraycopy(cpus, at + 1, cpus, at, after);
            System.arraycopy(mems, at + 1, mems, at, after);
            size--;
            residents[size] = null;
            lives[size] = null;
        }
        usedCpu -= r.placed.cpu();
        usedMem -= r.placed.mem();
        if (size == 0) {
            usedCpu = 0; // no drift left behind by sums of fractions
            usedMem = 0;
        }
        columns[r.slot].remove(r);
        publish(r.slot);
        stamp = -1;
        preemptionOrder = null;
        rows = null;
    }

    /** The resident whose accounting lives in this instance, or null. */
    Resident find(LiveInstance live) {
        for (int k = 0; k < size; k++) {
            if (lives[k] == live) {
                return residents[k];
            }
        }
        return null;
    }

    /** Copies what scans read first into the cluster's flat table. */
    private void publish(int slot) {
        ClassColumn c = columns[slot];
        double smallestCpu = Double.POSITIVE_INFINITY;
        double smallestMem = Double.POSITIVE_INFINITY;
        for (int k = 0; k < size; k++) {
            smallestCpu = Math.min(smallestCpu, cpus[k]);
            smallestMem = Math.min(smallestMem, mems[k]);
        }
        table.used(ordinal, usedCpu, usedMem, smallestCpu, smallestMem);
        table.slot(
                ordinal,
                slot,
                c.size(),
                c.maxHigh(),
                c.minLow(),
                c.cpuAbove(Double.NEGATIVE_INFINITY),
                c.memAbove(Double.NEGATIVE_INFINITY));
        for (int k = 0; k < HostTable.TOP; k++) {
            table.top(
                    ordinal,
                    slot,
                    k,
                    c.high(k),
                    c.cpuOfFirst(Math.min(k + 1, c.size())),
                    c.memOfFirst(Math.min(k + 1, c.size())));
        }
    }

    private void grow(int slot) {
        if (slot >= columns.length) {
            int n = slot + 1;
            int old = columns.length;
            columns = Arrays.copyOf(columns, n);
            for (int s = old; s < n; s++) {
                columns[s] = new ClassColumn();
            }
        }
    }
}
