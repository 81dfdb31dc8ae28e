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
        for (int i = 0; i <= m; i++) {
            s[i] = present[i] ? 1 / sums[i] : Double.NEGATIVE_INFINITY;
        }
        return s;
    }
}
