package org.overbookd.policy.qos;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;

/** A host during a pass: what is free, and which instances hold its resources. */
public final class NodeState {

    private final NodeView view;
    private final List<Candidate> residents = new ArrayList<>();
    /** The preemption plugin's order of the preemptible residents, kept until the host changes. */
    private List<Candidate> preemptionOrder;
    private Residents summary = Residents.NONE;
    private double usedCpu;
    private double usedMem;

    private final int ordinal;

    NodeState(NodeView view, int ordinal) {
        this.view = view;
        this.ordinal = ordinal;
    }

    /** Position in the pass's host list: the deterministic tie-break of indexes. */
    int ordinal() {
        return ordinal;
    }

    public NodeView view() {
        return view;
    }

    public List<Candidate> residents() {
        return Collections.unmodifiableList(residents);
    }

    public double usedCpu() {
        return usedCpu;
    }

    public double usedMem() {
        return usedMem;
    }

    /** Whether the demand fits in what is free once these residents are gone. */
    public boolean fitsWithout(InstanceView j, double freedCpu, double freedMem) {
        return usedCpu - freedCpu + j.cpu() <= view.cpu() + EPSILON
                && usedMem - freedMem + j.mem() <= view.mem() + EPSILON;
    }

    /** Absorbs the rounding of sums of fractional demands (0.375 * 10 slots must fit in 3.75). */
    static final double EPSILON = 1e-9;

    /**
     * The residents a pass may preempt (not those it placed), in the order the preemption plugin
     * builds; built once per host and pass, again only after the host changes.
     */
    List<Candidate> preemptionOrder(UnaryOperator<List<Candidate>> build) {
        if (preemptionOrder == null) {
            List<Candidate> list = new ArrayList<>();
            for (Candidate c : residents) {
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

    void add(Candidate c) {
        preemptionOrder = null;
        residents.add(c);
        usedCpu += c.view().cpu();
        usedMem += c.view().mem();
    }

    void remove(Candidate c) {
        preemptionOrder = null;
        residents.remove(c);
        usedCpu -= c.view().cpu();
        usedMem -= c.view().mem();
    }
}
