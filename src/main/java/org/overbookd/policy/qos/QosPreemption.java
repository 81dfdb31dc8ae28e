package org.overbookd.policy.qos;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * QoS-driven PostFilter (section 3.3.1): look at the host's instances from the largest QoS metric
 * down (equal values in random order) and take every eligible one until the pending instance fits.
 * An ineligible instance is skipped rather than ending the search, because the relaxations and the
 * overhead limit can make a smaller-Q instance eligible when a larger-Q one is not.
 */
public final class QosPreemption implements Preemption, PreemptionSpeedUp {

    @Override
    public String name() {
        return "qos-preemption";
    }

    @Override
    public List<Candidate> victims(Candidate j, NodeState node, Pass pass) {
        return Victims.takeUntilFits(j, node, node.preemptionOrder(order(pass)), QosPreemption::eligible);
    }

    /**
     * The main rule needs some Q_k > Q_j; both relaxations need j and some k below their margins.
     * The overhead limit only removes candidates, so this stays a necessary condition.
     */
    @Override
    public boolean mayFree(Candidate j, Residents r) {
        return r.maxQos() > j.qos() || (j.margin() < 0 && r.minMargin() < 0);
    }

    /**
     * The eligible instances of one class are always those above a threshold of Q: the main rule
     * needs Q_k > Q_j and Q_k >= phi; relaxation (ii) adds, for an equally important class, those
     * below the margin with Q_k > Q_j, so together Q_k > Q_j; relaxation (i) adds, for a less
     * important class, every one below the margin, so together all of them (Q_j < phi there).
     */
    @Override
    public double eligibleAbove(Candidate j, ServiceClass k) {
        int jImportance = j.serviceClass().importance();
        if (j.margin() < 0 && jImportance < k.importance()) {
            return Double.NEGATIVE_INFINITY;
        }
        if (j.margin() < 0 && jImportance == k.importance()) {
            return j.qos();
        }
        return Math.max(j.qos(), k.safetyMarginS());
    }

    /**
     * Within one class, {@link #eligible} only loses instances as Q_j grows: Q_j < Q_k gets harder,
     * and a margin at or above zero loses both relaxations; importance and the overhead limit are
     * the class's.
     */
    @Override
    public boolean eligibleWithin(Candidate j, Candidate other) {
        return j.serviceClass().equals(other.serviceClass()) && j.qos() >= other.qos();
    }

    @Override
    public Residents summary(NodeState node, Pass pass) {
        return node.summary(order(pass));
    }

    /** The host's preemptible residents in this plugin's order, as arrays (see {@link QosRows}). */
    QosRows rows(NodeState node, Pass pass, QosPreemptionCost cost) {
        return node.rows(order(pass), cost);
    }

    /** Largest Q first; equal values in the pass's pseudo-random order. */
    private static UnaryOperator<List<Candidate>> order(Pass pass) {
        return residents -> {
            largestQosFirst(residents, pass);
            return residents;
        };
    }

    /** Hosts with more residents than this are sorted by {@link List#sort}; fewer by insertion. */
    private static final int INSERTION_SORTED = 32;

    /**
     * Sorts the residents largest Q first, equal values by the pass's tie rank. A host holds a few
     * residents and its order is rebuilt whenever it changes, so the general sort's chain of
     * comparator lambdas per comparison was most of the cost (a tenth of silva-section5's exact
     * passes); the insertion sort below reads the keys from arrays. Both sorts are stable and
     * compare by the one {@link #compare}, so they give the same order.
     */
    static void largestQosFirst(List<Candidate> residents, Pass pass) {
        int n = residents.size();
        if (n > INSERTION_SORTED) {
            residents.sort((a, b) -> compare(
                    a.qos(),
                    pass.tieRank(a.view().admission()),
                    b.qos(),
                    pass.tieRank(b.view().admission())));
            return;
        }
        Candidate[] sorted = new Candidate[n];
        double[] qos = new double[n];
        long[] tie = new long[n];
        for (int i = 0; i < n; i++) {
            Candidate c = residents.get(i);
            double q = c.qos();
            long r = pass.tieRank(c.view().admission());
            int at = i;
            for (; at > 0 && compare(qos[at - 1], tie[at - 1], q, r) > 0; at--) {
                sorted[at] = sorted[at - 1];
                qos[at] = qos[at - 1];
                tie[at] = tie[at - 1];
            }
            sorted[at] = c;
            qos[at] = q;
            tie[at] = r;
        }
        for (int i = 0; i < n; i++) {
            residents.set(i, sorted[i]);
        }
    }

    /** The preemption order of a resident of Q aQos and tie rank aTie and one of bQos and bTie: largest Q first. */
    private static int compare(double aQos, long aTie, double bQos, long bTie) {
        int byQos = Double.compare(bQos, aQos);
        return byQos != 0 ? byQos : Long.compare(aTie, bTie);
    }

    /**
     * Whether k may be preempted for j. The paper writes sigma for the safety margin in the
     * relaxations and in P_h+; it means phi, the margin, and so does this code.
     */
    public static boolean eligible(Candidate j, Candidate k) {
        ServiceClass jc = j.serviceClass();
        ServiceClass kc = k.serviceClass();
        // Eq. 8 limit: "at" the limit counts as reaching it, so gold's limit of 0 forbids any
        // gold-for-gold preemption even when allocation overheads are zero.
        if (jc.name().equals(kc.name()) && k.view().preemptionOverhead() >= kc.overheadLimit()) {
            return false;
        }
        if (j.qos() < k.qos() && k.margin() >= 0) {
            return true;
        }
        boolean bothBelowMargin = k.margin() < 0 && j.margin() < 0;
        if (!bothBelowMargin) {
            return false;
        }
        if (jc.importance() < kc.importance()) {
            return true; // relaxation (i): j's class is more important
        }
        return jc.importance() == kc.importance() && j.qos() < k.qos(); // relaxation (ii)
    }
}
