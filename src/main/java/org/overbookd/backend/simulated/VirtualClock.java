package org.overbookd.backend.simulated;

import java.time.Instant;

/**
 * The simulated world's clock: the second it is at, and the instant each second stands for. Every
 * role of the world reads the same clock; only {@link Lifecycle} moves it, event by event.
 */
final class VirtualClock {

    private final Instant epoch;
    private long now;

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
        return epoch.plusSeconds(seconds);
    }

    /** The second of the week the load patterns see. */
    static long timeOfWeek(long seconds) {
        return seconds; // simulated time starts on a Monday at 00:00
    }
}
