package org.overbookd.sim.requests;

/**
 * The contention level of an interval (section 5.3), from the requests active in it. The paper
 * classifies with the priority-based run; here each run classifies its own intervals, and
 * {@code compare} should read the priority run's. "100% availability" is read as "never waited in
 * the queue", which is the same thing since allocation overheads count as available time. The least
 * important classes play bronze's role, every other class gold's and silver's.
 */
public enum Contention {
    NONE,
    LOW,
    MEDIUM,
    HIGH;

    public static Contention of(IntervalSample interval, int leastImportance) {
        boolean bronzeViolated = false;
        for (var e : interval.classes().entrySet()) {
            if (e.getValue().violated() == 0) {
                continue;
            }
            if (e.getKey().importance() != leastImportance) {
                return HIGH;
            }
            bronzeViolated = true;
        }
        if (bronzeViolated) {
            return MEDIUM;
        }
        return interval.waited() ? LOW : NONE;
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
