package org.overbookd.policy.qos;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A host during a pass: what is free, and which instances hold its resources. */
public final class NodeState {

    private final NodeView view;
    private final List<Candidate> residents = new ArrayList<>();
    private double usedCpu;
    private double usedMem;

    NodeState(NodeView view) {
        this.view = view;
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

    void add(Candidate c) {
        residents.add(c);
        usedCpu += c.view().cpu();
        usedMem += c.view().mem();
    }

    void remove(Candidate c) {
        residents.remove(c);
        usedCpu -= c.view().cpu();
        usedMem -= c.view().mem();
    }
}
