package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class VirtualClockTest {

    private static final Instant EPOCH = Instant.parse("2026-01-05T00:00:00Z");

    /** The instant it keeps for the last second asked never answers for another second. */
    @Test
    void eachSecondStandsForItsOwnInstantWhateverWasAskedBefore() {
        VirtualClock clock = new VirtualClock(EPOCH);
        long[] seconds = {0, 0, 300, 300, 0, -1, Long.MIN_VALUE / 1_000_000_000L, 86_400, 300, 0};
        for (long s : seconds) {
            assertEquals(EPOCH.plusSeconds(s), clock.instant(s), "second " + s);
        }
    }
}
