package org.overbookd.backend.simulated;

import java.time.Instant;

/**
 * The simulated world's clock: the second it is at, and the instant each second stands for. Every
 * role of the world reads the same clock; only {@link Lifecycle} moves it, event by event.
 */
final class VirtualClock {

    private final Instant epoch;
    private long now;
    /**
     * The last instant handed out and its second: the hundreds of VMs placed or made at one step
     * share one (instants are values, compared by equals), instead of one object each.
     */
    private long lastSecond;

    private Instant last;

    /** @param epoch the instant of simulated second 0 */
    VirtualClock(Instant epoch) {
        this.epoch = epoch;
    }

    long now() {
        return now;
    }

    void moveTo(long second) {
        now = second;
    }

    /** The instant simulated second {@code seconds} stands for. */
    Instant instant(long seconds) {
        if (last == null || seconds != lastSecond) {
            last = epoch.plusSeconds(seconds);
            lastSecond = seconds;
        }
        return last;
    }

    /**
     * The first simulated second whose instant is at or after {@code at}: the second a question
     * "since {@code at}" starts from (a daemon's instants carry milliseconds).
     */
    long secondAtOrAfter(Instant at) {
        long millis = java.time.Duration.between(epoch, at).toMillis();
        return Math.floorDiv(millis + 999, 1000);
    }
}
