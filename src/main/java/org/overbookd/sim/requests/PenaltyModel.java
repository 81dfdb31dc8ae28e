package org.overbookd.sim.requests;

import org.overbookd.policy.qos.ServiceClass;

/**
 * The AWS-style penalty of section 5.2: a violating request owes its CPU-hour deficit (eq. 10)
 * plus a bonus credit from Table 2 (eq. 11). Classes not in Table 2 get its bronze rule scaled:
 * 10% from 99% of the SLO, 30% from 95%, 100% below.
 */
public final class PenaltyModel {

    private PenaltyModel() {}

    /** Table 2: the bonus for a request of this class that ended at availability a. */
    public static double bonus(ServiceClass c, double a) {
        if (a >= c.slo()) {
            return 0;
        }
        double[] bounds = switch (c.name()) {
            case "gold" -> new double[] {0.9999, 0.99, 0.95};
            case "silver" -> new double[] {0.90, 0.8911, 0.8556};
            case "bronze" -> new double[] {0.50, 0.495, 0.475};
            default -> new double[] {c.slo(), 0.99 * c.slo(), 0.95 * c.slo()};
        };
        if (a >= bounds[0]) {
            return 0; // gold between 99.99% and 100%: a deficit, but no credit in Table 2
        }
        if (a >= bounds[1]) {
            return 0.10;
        }
        return a >= bounds[2] ? 0.30 : 1.0;
    }

    /** Eq. 10: C = D * d * c, with d the request's duration in hours ("the time j has run to be completed"). */
    public static double cpuHourDeficit(RequestOutcome o) {
        return o.deficit() * (o.spec().durationS() / 3600) * o.spec().cpu();
    }

    /** Eq. 11: P = C * (1 + b). */
    public static double penalty(RequestOutcome o) {
        return cpuHourDeficit(o) * (1 + bonus(o.spec().serviceClass(), o.availability()));
    }
}
