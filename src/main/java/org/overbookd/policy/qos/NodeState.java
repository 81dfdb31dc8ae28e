package org.overbookd.policy.qos;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A host as the scheduler keeps it between passes: what is free, which instances hold its
 * resources, and per class a bound of their Q over time (see {@link Resident}). Exact views of the
 * residents are built only when a pass looks into the host, once per pass.
 */
public final class NodeState {

    /** Absorbs the rounding of sums of fractional demands (0.375 * 10 slots must fit in 3.75). */
    static final double EPSILON = 1e-9;

    private final NodeView view;
    private final int ordinal;
    private final List<Resident> residents = new ArrayList<>();
    private double usedCpu;
    private double usedMem;
    /** Per class slot: residents, largest high intercept, smallest low intercept. */
    private int[] count = new int[0];
    private double[] maxHigh = new double[0];
    private double[] minLow = new double[0];

    /** The current pass's exact view of the residents; rebuilt when the stamp is another pass's. */
    private long stamp = -1;
    private List<Candidate> candidates = List.of();
    /** The preemption plugin's order of the preemptible residents, kept until the host changes. */
    private List<Candidate> preemptionOrder;
    private Residents summary = Residents.NONE;

    NodeState(NodeView view, int ordinal) {
        this.view = view;
        this.ordinal = ordinal;
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
        return residents.size();
    }

    /** Whether the demand fits in what is free once these residents are gone. */
    public boolean fitsWithout(InstanceView j, double freedCpu, double freedMem) {
        return usedCpu - freedCpu + j.cpu() <= view.cpu() + EPSILON
                && usedMem - freedMem + j.mem() <= view.mem() + EPSILON;
    }

    /** Builds this pass's exact views of the residents, unless already built. */
    void refresh(Pass pass) {
        if (stamp != pass.stamp()) {
            List<Candidate> list = new ArrayList<>(residents.size());
            for (Resident r : residents) {
                list.add(r.candidate(pass));
            }
            candidates = list;
            preemptionOrder = null;
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

    /** The summary of the preemptible residents, in the plugin's order (built if stale). */
    Residents summary(UnaryOperator<List<Candidate>> build) {
        preemptionOrder(build);
        return summary;
    }

    /**
     * A bound of {@link #summary} at time t from the per-class intercepts, without reading any
     * resident: largest Q at or above, smallest margin at or below, lowest priority exact. It covers
     * every resident, so also the preemptible ones. {@code tolerance} absorbs the rounding between
     * b + r t and Q computed from e and p.
     */
    Residents bound(double t, ClassSlots classes, double tolerance) {
        double maxQos = Double.NEGATIVE_INFINITY;
        double minMargin = Double.POSITIVE_INFINITY;
        int minPriority = Integer.MAX_VALUE;
        for (int s = 0; s < count.length; s++) {
            if (count[s] == 0) {
                continue;
            }
            double rate = classes.rate(s);
            maxQos = Math.max(maxQos, maxHigh[s] + rate * t);
            minMargin = Math.min(minMargin, minLow[s] + rate * t - classes.safetyMargin(s));
            minPriority = Math.min(minPriority, classes.priority(s));
        }
        if (Double.isNaN(maxQos) || Double.isNaN(minMargin)) {
            return new Residents(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, minPriority);
        }
        return new Residents(maxQos + tolerance, minMargin - tolerance, minPriority);
    }

    void add(Resident r, Pass pass) {
        residents.add(r);
        usedCpu += r.placed.cpu();
        usedMem += r.placed.mem();
        grow(r.slot);
        count[r.slot]++;
        maxHigh[r.slot] = Math.max(maxHigh[r.slot], r.high);
        minLow[r.slot] = Math.min(minLow[r.slot], r.low);
        if (pass != null && stamp == pass.stamp()) {
            candidates.add(r.candidate(pass));
        } else {
            stamp = -1;
        }
        preemptionOrder = null;
    }

    void remove(Resident r) {
        residents.remove(r);
        usedCpu -= r.placed.cpu();
        usedMem -= r.placed.mem();
        if (residents.isEmpty()) {
            usedCpu = 0; // no drift left behind by sums of fractions
            usedMem = 0;
        }
        count[r.slot]--;
        maxHigh[r.slot] = Double.NEGATIVE_INFINITY;
        minLow[r.slot] = Double.POSITIVE_INFINITY;
        for (Resident o : residents) {
            if (o.slot == r.slot) {
                maxHigh[r.slot] = Math.max(maxHigh[r.slot], o.high);
                minLow[r.slot] = Math.min(minLow[r.slot], o.low);
            }
        }
        stamp = -1;
        preemptionOrder = null;
    }

    /** The resident whose accounting lives in this instance, or null. */
    Resident find(LiveInstance live) {
        for (Resident r : residents) {
            if (r.live == live) {
                return r;
            }
        }
        return null;
    }

    List<Resident> residentsKept() {
        return Collections.unmodifiableList(residents);
    }

    private void grow(int slot) {
        if (slot >= count.length) {
            int n = slot + 1;
            int old = count.length;
            count = Arrays.copyOf(count, n);
            maxHigh = Arrays.copyOf(maxHigh, n);
            minLow = Arrays.copyOf(minLow, n);
            Arrays.fill(maxHigh, old, n, Double.NEGATIVE_INFINITY);
            Arrays.fill(minLow, old, n, Double.POSITIVE_INFINITY);
        }
    }
}
