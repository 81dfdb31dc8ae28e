package org.overbookd.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RunRecordTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void runAndPendingAddUpToTheTimeSinceArrival() {
        RunRecord record = new RunRecord(T0, Duration.ofSeconds(600), T0.plusSeconds(1000));
        Instant now = T0.plusSeconds(1500);
        assertEquals(1100, record.runSeconds(now), 1e-9, "600 closed + 500 open");
        assertEquals(400, record.pendingSeconds(now), 1e-9);
    }

    @Test
    void clocksThatDisagreeNeverMakeTimeNegative() {
        RunRecord record = new RunRecord(T0, Duration.ZERO, T0.plusSeconds(100));
        Instant before = T0.plusSeconds(50);
        assertEquals(0, record.runSeconds(before), 1e-9, "a stretch that starts after now counts nothing");
        assertEquals(50, record.pendingSeconds(before), 1e-9);
        assertEquals(0, RunRecord.neverRan(T0).pendingSeconds(T0.minusSeconds(10)), 1e-9);
    }

    @Test
    void aNegativeRunIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RunRecord(T0, Duration.ofSeconds(-1), null));
    }
}
