package org.overbookd.backend.opennebula;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * A cycle's time budget: from the start of its observation, the time within which its calls to oned
 * must end. Each call may take up to its deadline (one.timeout), so a call, or an action's two, is
 * made only if it would end within the budget even then; once that is no longer so, the cycle makes
 * no more (the backend turns the rest of its decisions into SKIPPED, {@code CYCLE_BUDGET}). A cycle
 * with many decisions on a slow oned thus ends on time, instead of acting on an ever older view, past
 * the next cycle's start and into systemd's watchdog.
 */
final class CycleBudget {

    private final Duration budget;
    private final Duration callDeadline;
    private final LongSupplier nanoTime;
    private volatile long beganNanos;

    /**
     * @param budget       how long a cycle may take, from the start of its observation
     * @param callDeadline one.timeout: the longest one call may take
     * @param nanoTime     a monotonic clock ({@code System::nanoTime})
     */
    CycleBudget(Duration budget, Duration callDeadline, LongSupplier nanoTime) {
        this.budget = budget;
        this.callDeadline = callDeadline;
        this.nanoTime = nanoTime;
        this.beganNanos = nanoTime.getAsLong();
    }

    /** No budget: tests of one class, and backends built without a schedule. */
    static CycleBudget unbounded(Duration callDeadline) {
        return new CycleBudget(Duration.ofDays(365), callDeadline, System::nanoTime);
    }

    /** The cycle begins observing now. */
    void begin() {
        beganNanos = nanoTime.getAsLong();
    }

    /**
     * Why {@code calls} more calls may not be made now: at their deadline they would end after the
     * budget. Empty when they fit.
     */
    Optional<String> refusal(int calls) {
        Duration spent = Duration.ofNanos(nanoTime.getAsLong() - beganNanos);
        Duration needed = callDeadline.multipliedBy(calls);
        if (spent.plus(needed).compareTo(budget) <= 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "the cycle's time budget of %s is spent: %s since it began"
                        + " observing, and %s more may take %s (%d x one.timeout)",
                seconds(budget),
                seconds(spent),
                calls == OpenNebulaBackend.CALLS_PER_ACTION || calls == OpenNebulaBackend.CALLS_PER_PLACEMENT
                        ? "one action"
                        : calls == 1 ? "one call" : calls + " calls",
                seconds(needed),
                calls));
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }
}
