package org.overbookd.tune;

import java.util.Locale;

/**
 * Whether a replay is the cluster that was recorded: the replay without overbooking must measure the
 * utilization the record measured of what it replays (the hosts' host_utilization less overbookd's
 * own low-QoS VMs, {@link org.overbookd.backend.simulated.RecordFacts#baselineUtilization}), within
 * a tolerance. A replay that does not (VMs bounded at one core once made a record of 51.74% replay
 * at 36.89%) would tune a cluster that never was; tune then gives no advice.
 *
 * @param recorded  what the record measured, percent; NaN when the record does not say (no
 *                  host_utilization): the check cannot be made
 * @param replayed  the replay's utilization without overbooking, percent
 * @param tolerance points the two may differ by
 */
public record BaselineCheck(double recorded, double replayed, double tolerance) {

    /** Points, by default: the sampling of a record and the rounding of its numbers stay well within one. */
    public static final double DEFAULT_TOLERANCE = 1.0;

    public BaselineCheck {
        if (!(tolerance >= 0) || Double.isInfinite(tolerance)) {
            throw new IllegalArgumentException("the tolerance is a number of points, 0 or more: " + tolerance);
        }
    }

    /** Whether the record says what it measured, so that the check can be made. */
    public boolean known() {
        return !Double.isNaN(recorded);
    }

    /** True when the two agree within the tolerance, or when the check cannot be made. */
    public boolean holds() {
        return !known() || Math.abs(replayed - recorded) <= tolerance;
    }

    /**
     * "the replay without overbooking measures 47.46% utilization, the record 47.46% (within 1 point)",
     * or "... 36.89% ..., the record 51.74% (more than 1 point apart)".
     */
    public String describe() {
        if (!known()) {
            return String.format(
                    Locale.ROOT,
                    "the replay without overbooking measures %.2f%% utilization; the record"
                            + " has no host_utilization to check it against",
                    replayed);
        }
        return String.format(
                Locale.ROOT,
                "the replay without overbooking measures %.2f%% utilization, the record" + " %.2f%% (%s %s point%s%s)",
                replayed,
                recorded,
                holds() ? "within" : "more than",
                TunedConfig.plain(tolerance),
                tolerance == 1 ? "" : "s",
                holds() ? "" : " apart");
    }
}
