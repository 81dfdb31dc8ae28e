package org.overbookd.sim.requests;

import java.util.List;

/**
 * The contention level of an interval (section 5.3), from the requests active in it. The paper
 * classifies with the priority-based run; here each run classifies its own intervals, and
 * {@code compare} should read the priority run's. "100% availability" is read as "never waited in
 * the queue", which is the same thing since allocation overheads count as available time. The least
 * important classes play bronze's role, every other class gold's and silver's.
 */
public enum Contention {
    NONE, LOW, MEDIUM, HIGH;

    public static Contention of(List<Outcome> active, int leastImportance) {
        boolean waited = false;
        boolean bronzeViolated = false;
        for (Outcome o : active) {
            boolean least = o.spec().serviceClass().importance() == leastImportance;
            if (!o.met() && !least) {
                return HIGH;
            }
            bronzeViolated |= !o.met();
            waited |= o.pendingS() > 0;
        }
        if (bronzeViolated) {
            return MEDIUM;
        }
        return waited ? LOW : NONE;
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
