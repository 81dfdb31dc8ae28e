package org.overbookd.backend.simulated.load;

/**
 * The mean of the business pattern over a week (Verboven et al. section 4.1): {@code min} at night
 * and all weekend; a rise to {@code max} between 08:00 and 10:00; a lunch dip between 11:30 and
 * 13:30; a decline back to {@code min} between 16:00 and 18:00. Every transition is half a cosine
 * period, so the curve and its slope are continuous. The paper says the lunch dip is "slight" and
 * gives no depth; {@code lunchDip} is its depth as a fraction of (max - min), 0.25 by default.
 * Weeks start on Monday 00:00; Saturday and Sunday return {@code min}.
 */
public record BusinessCurve(double min, double max, double lunchDip) {

    private static final long HOUR = 3600;
    private static final long DAY = 24 * HOUR;
    private static final long RISE_START = 8 * HOUR;
    private static final long RISE_END = 10 * HOUR;
    private static final long LUNCH_START = 11 * HOUR + 1800;
    private static final long LUNCH_END = 13 * HOUR + 1800;
    private static final long DECLINE_START = 16 * HOUR;
    private static final long DECLINE_END = 18 * HOUR;

    public BusinessCurve {
        if (!(min <= max)) {
            throw new IllegalArgumentException("min " + min + " exceeds max " + max);
        }
        if (!(lunchDip >= 0 && lunchDip <= 1)) {
            throw new IllegalArgumentException("lunchDip must be in [0, 1], got " + lunchDip);
        }
    }

    /** The mean load at a time of the week, in percent of one core. */
    public double mu(long timeOfWeek) {
        long t = Math.floorMod(timeOfWeek, 7 * DAY);
        if (t >= 5 * DAY) {
            return min;
        }
        long s = t % DAY;
        double span = max - min;
        if (s < RISE_START || s >= DECLINE_END) {
            return min;
        }
        if (s < RISE_END) {
            return min + span * halfCosineRise(s - RISE_START, RISE_END - RISE_START);
        }
        if (s >= LUNCH_START && s < LUNCH_END) {
            // one full cosine period: down to max - dip at 12:30 and back up by 13:30
            double phase = (double) (s - LUNCH_START) / (LUNCH_END - LUNCH_START);
            return max - span * lunchDip * (1 - StrictMath.cos(2 * StrictMath.PI * phase)) / 2;
        }
        if (s >= DECLINE_START) {
            return max - span * halfCosineRise(s - DECLINE_START, DECLINE_END - DECLINE_START);
        }
        return max;
    }

    /** 0 at the start of the transition, 1 at its end, along half a cosine period. */
    private static double halfCosineRise(long elapsed, long length) {
        return (1 - StrictMath.cos(StrictMath.PI * elapsed / length)) / 2;
    }
}
