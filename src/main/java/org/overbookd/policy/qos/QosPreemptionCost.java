package org.overbookd.policy.qos;

import java.util.List;

/**
 * The QoS-driven preemption cost of section 4.1.3, the tuple S = (s_-^1, ..., s_-^m, s_+) of eq. 9.
 * Victims with Q - phi >= 0 form P_h+, s_+ = 1 / sum(Q - phi); the others are split by class,
 * s_-^i = 1 / sum(Q - phi) over class i, classes from the most important. An empty group costs
 * nothing: -infinity, the limit of 1/x as its sum tends to 0 from below, and the cheapest value.
 */
public final class QosPreemptionCost implements PreemptionCost {

    @Override
    public String name() {
        return "qos-preemption-cost";
    }

    private final List<ServiceClass> classes;

    public QosPreemptionCost(ServiceClasses classes) {
        this.classes = classes.all();
    }

    @Override
    public double[] cost(Candidate j, List<Candidate> victims) {
        int m = classes.size();
        double[] sums = new double[m + 1];
        boolean[] present = new boolean[m + 1];
        for (Candidate k : victims) {
            double margin = k.margin();
            int slot = margin >= 0 ? m : classes.indexOf(k.serviceClass());
            sums[slot] += margin;
            present[slot] = true;
        }
        double[] s = new double[m + 1];
        tuple(sums, present, s);
        return s;
    }

    /** The tuple's groups: one per class, then P_h+. */
    int groups() {
        return classes.size() + 1;
    }

    /** A class's group (its place among the classes, most important first); -1 for a class the run does not offer. */
    int slot(ServiceClass c) {
        return classes.indexOf(c);
    }

    /** The tuple from each group's sum of Q - phi and whether it holds a victim. */
    static void tuple(double[] sums, boolean[] present, double[] s) {
        for (int i = 0; i < s.length; i++) {
            s[i] = present[i] ? 1 / sums[i] : Double.NEGATIVE_INFINITY;
        }
    }
}
