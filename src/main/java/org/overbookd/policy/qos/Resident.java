package org.overbookd.policy.qos;

/**
 * An instance holding a host's resources, as the cluster keeps it between passes: where its
 * accounting lives, its static demand, and two intercepts of Q as a function of time.
 *
 * <p>While an instance holds resources its e grows one second a second and its p stands still, so
 * for t after placement Q(t) = slack(e, p) - alpha = b + r t with r = 1 / SLO - 1, the same for
 * every instance of a class. Only at the placement instant of a request admitted that very instant
 * is Q = 0 instead (Algorithm 1 line 3), above b + r t: {@code high} keeps that value and is never
 * below Q, {@code low} keeps b and is never above it. The cluster bounds hosts with them and reads
 * exact values ({@link #candidate}) only for the hosts a pass looks into.
 */
final class Resident {

    final LiveInstance live;
    final InstanceView placed;
    final int slot;
    final double high;
    final double low;
    /** The exact view of the current pass, and the pass it belongs to. */
    private Candidate candidate;

    private long stamp = -1;

    Resident(LiveInstance live, InstanceView placed, int slot, double rate, double t) {
        this.live = live;
        this.placed = placed;
        this.slot = slot;
        double q = QosEquations.slack(
                        placed.runS(), placed.pendingS(), placed.serviceClass().slo())
                - placed.alphaS();
        this.low = q - rate * t;
        this.high = Math.max(q, placed.qos()) - rate * t;
    }

    /** The instance at the pass's instant; one per resident and pass. */
    Candidate candidate(Pass pass) {
        if (stamp != pass.stamp()) {
            candidate = new Candidate(live, live.viewAt(pass.t()));
            candidate.resident = this;
            stamp = pass.stamp();
        }
        return candidate;
    }

    /** Takes the candidate a pass just placed as this pass's view. */
    void adopt(Candidate placedNow, Pass pass) {
        candidate = placedNow;
        placedNow.resident = this;
        stamp = pass.stamp();
    }
}
