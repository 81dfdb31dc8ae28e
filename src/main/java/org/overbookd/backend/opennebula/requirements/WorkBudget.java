package org.overbookd.backend.opennebula.requirements;

/**
 * The work one observation may spend evaluating requirements, in units of one attribute value
 * looked at or one wildcard step: a VM owner writes the expressions, so a few of them must not
 * stall a cycle. Once spent, every further evaluation of the observation is unsupported (the VM
 * matches no host this cycle, and says why), which is what overbookd does when in doubt. Also caps
 * one evaluation, so that one expression cannot spend the whole budget on one host. One budget is
 * used by one thread at a time.
 */
public final class WorkBudget {

    /** What a cycle may spend: a few hundred milliseconds of CPU at most. */
    public static final long PER_OBSERVATION = 50_000_000L;
    /** What one expression may spend on one host or datastore. */
    public static final long PER_EVALUATION = 1_000_000L;

    private long left;
    private long evaluationLeft;

    public WorkBudget(long units) {
        this.left = units;
    }

    /** A fresh allowance for one evaluation, within what is left. */
    void startEvaluation() {
        evaluationLeft = PER_EVALUATION;
    }

    /** Takes {@code units} from both allowances; throws once either ran out. */
    void charge(long units) throws Unevaluable {
        left -= units;
        evaluationLeft -= units;
        if (left < 0) {
            throw new Unevaluable("the cycle's budget for evaluating requirements ran out");
        }
        if (evaluationLeft < 0) {
            throw new Unevaluable("evaluating it on one object took more than " + PER_EVALUATION + " steps");
        }
    }

    public boolean spent() {
        return left < 0;
    }
}
