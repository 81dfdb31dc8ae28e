package org.overbookd.policy.overbooking;

import java.time.Duration;
import java.util.Objects;

/**
 * The live guards' settings; 0 turns a guard off. None of them ever keeps a host above the upper
 * bound: a victim protected by a guard is passed over for another of its host, and when its host has
 * no other, the guard yields to the bound (see {@link Guard}).
 *
 * @param minRunTime            how long a deployed or resumed VM runs before it may be the victim
 * @param maxSuspendsPerDay     how many suspensions of one VM in a rolling 24 hours
 * @param maxActionsPerCycle    how many actions in one step
 * @param maxActionsPerHostHour how many actions on one host in a rolling hour
 */
public record Guards(Duration minRunTime, int maxSuspendsPerDay, int maxActionsPerCycle, int maxActionsPerHostHour) {

    /** Every guard off: the paper's policy. */
    public static final Guards OFF = new Guards(Duration.ZERO, 0, 0, 0);

    /** The window of the suspensions per VM. */
    public static final Duration DAY = Duration.ofHours(24);
    /** The window of the actions per host. */
    public static final Duration HOUR = Duration.ofHours(1);

    public Guards {
        Objects.requireNonNull(minRunTime, "minRunTime");
        if (minRunTime.isNegative() || maxSuspendsPerDay < 0 || maxActionsPerCycle < 0 || maxActionsPerHostHour < 0) {
            throw new IllegalArgumentException("guards are 0 (off) or positive");
        }
    }

    /** Whether any guard is on. */
    public boolean any() {
        return !minRunTime.isZero() || maxSuspendsPerDay > 0 || maxActionsPerCycle > 0 || maxActionsPerHostHour > 0;
    }

    /** Whether {@code guard} is on. */
    public boolean on(Guard guard) {
        return switch (guard) {
            case MIN_RUN_TIME -> !minRunTime.isZero();
            case SUSPENDS_PER_DAY -> maxSuspendsPerDay > 0;
            case ACTIONS_PER_CYCLE -> maxActionsPerCycle > 0;
            case ACTIONS_PER_HOST -> maxActionsPerHostHour > 0;
        };
    }
}
