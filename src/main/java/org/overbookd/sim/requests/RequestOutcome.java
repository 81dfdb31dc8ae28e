package org.overbookd.sim.requests;

/**
 * What became of one request by the end of a run (not backend.Outcome, the result of enacting a
 * decision): availability at completion, or at the end of the run for a request still in the
 * system (completed = false).
 */
public record RequestOutcome(
        RequestSpec spec,
        double availability,
        double runS,
        double pendingS,
        double overheadS,
        int preemptions,
        boolean completed) {

    public double slo() {
        return spec.serviceClass().slo();
    }

    /** SLO met: at or above the target (section 4.3.1). */
    public boolean met() {
        return availability >= slo();
    }

    /** The QoS deficit sigma - A of a violating request; zero when the SLO is met. */
    public double deficit() {
        return met() ? 0 : slo() - availability;
    }
}
