package org.overbookd.sim.requests;

import java.util.Arrays;
import org.overbookd.stats.Quantile;
import org.overbookd.stats.Sample;

/**
 * What a run's requests of one class came to, as classes.csv gives it: their availabilities, the
 * deficits of those that missed the SLO, preemptions and penalty, kept as numbers (a month of a
 * Google cell is 25 million requests). Each statistic of a class without requests is 0.
 */
public final class ClassTotals {

    private double[] availability = new double[1024];
    private double[] deficits = new double[64];
    private int n;
    private int violated;
    private long preemptions;
    private double penalty;

    public void add(RequestOutcome o) {
        if (n == availability.length) {
            availability = Arrays.copyOf(availability, n * 2);
        }
        availability[n++] = o.availability();
        if (!o.met()) {
            if (violated == deficits.length) {
                deficits = Arrays.copyOf(deficits, violated * 2);
            }
            deficits[violated++] = o.deficit();
        }
        preemptions += o.preemptions();
        penalty += PenaltyModel.penalty(o);
    }

    public int requests() {
        return n;
    }

    /** Requests that missed the SLO. */
    public int violated() {
        return violated;
    }

    private Sample availabilities() {
        return Sample.of(Arrays.copyOf(availability, n));
    }

    /** The deficits of the requests that missed the SLO (section 4.3.1: over violating requests only). */
    public Sample deficits() {
        return Sample.of(deficitValues());
    }

    /** The same deficits, in the order the requests ended. */
    public double[] deficitValues() {
        return Arrays.copyOf(deficits, violated);
    }

    /** Mean availability, compensated summation in the order the requests ended. */
    public double meanAvailability() {
        return availabilities().mean(0);
    }

    public double minAvailability() {
        return availabilities().min(0);
    }

    /** The share of requests that met the SLO. */
    public double fulfilment() {
        return n == 0 ? 0 : (double) (n - violated) / n;
    }

    public double deficitMean() {
        return deficits().mean(0);
    }

    /** Nearest rank. */
    public double deficitP95() {
        return deficits().quantile(Quantile.NEAREST_RANK, 0.95, 0);
    }

    public double deficitMax() {
        return deficits().max(0);
    }

    public double gini() {
        return availabilities().gini(0);
    }

    public long preemptions() {
        return preemptions;
    }

    /** Section 5.2's penalty, summed over the requests. */
    public double penalty() {
        return penalty;
    }
}
