package org.overbookd.policy.qos;

/**
 * The equations of Silva et al. section 3, as pure functions of an instance's accounting: e (time
 * run), p (time pending), the class's SLO sigma and the expected maximum allocation time alpha.
 * Times are in seconds.
 */
public final class QosEquations {

    private QosEquations() {}

    /**
     * Eq. 1: A = e / (e + p). An instance admitted this instant has neither run nor waited; it
     * counts as fully available, which is what Algorithm 1 line 3 (Q = 0 on admission) implies.
     */
    public static double availability(double e, double p) {
        double total = e + p;
        return total <= 0 ? 1.0 : e / total;
    }

    /**
     * Eqs. 3 and 6 share one formula: e / sigma - (e + p). It is the time-to-violate V when the
     * availability is at or above sigma (never negative) and the recoverability R otherwise
     * (always negative). An SLO of zero can never be violated, so the value is unbounded.
     */
    public static double slack(double e, double p, double slo) {
        if (slo <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        return e / slo - (e + p);
    }

    /** Eq. 3, defined only when A >= sigma. */
    public static double timeToViolate(double e, double p, double slo) {
        if (availability(e, p) < slo) {
            throw new IllegalArgumentException("time-to-violate needs A >= SLO");
        }
        return slack(e, p, slo);
    }

    /** Eq. 6, defined only when A < sigma. */
    public static double recoverability(double e, double p, double slo) {
        if (availability(e, p) >= slo) {
            throw new IllegalArgumentException("recoverability needs A < SLO");
        }
        return slack(e, p, slo);
    }

    /**
     * The QoS metric Q: V* = V - alpha (eq. 4) when A >= sigma, R* = R - alpha (eq. 7) otherwise.
     * Both branches subtract alpha from the same slack, so Q is continuous at A = sigma. A request
     * admitted this instant has Q = 0 (Algorithm 1, line 3).
     */
    public static double qos(double e, double p, double slo, double alpha) {
        if (e + p <= 0) {
            return 0.0;
        }
        return slack(e, p, slo) - alpha;
    }

    /** Eq. 8: C = sum(alpha^m) / (e + sum(alpha^m)); zero before any allocation overhead was paid. */
    public static double preemptionOverhead(double e, double overheadPaid) {
        double total = e + overheadPaid;
        return total <= 0 ? 0.0 : overheadPaid / total;
    }
}
