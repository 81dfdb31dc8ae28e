package org.overbookd.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A cycle's time budget: one interval, at least an observation and one action at their deadlines, at most half the watchdog. */
class OpenNebulaBackendsTest {

    @Test
    void theBudgetIsAnIntervalWithinItsFloorAndTheWatchdog() {
        // the package's defaults: a 5-minute step, one.timeout 30 s, WatchdogSec 12 min
        assertEquals(
                Duration.ofMinutes(5),
                OpenNebulaBackends.cycleBudget(
                        Duration.ofMinutes(5), Duration.ofSeconds(30), Optional.of(Duration.ofMinutes(12))));
        // a step shorter than an observation and the placement of one VM at their deadlines (6 + 3 calls: four
        // pools and, while a VM waits, the datastore and cluster pools; the fresh one.vm.info, the mark for
        // OneDRS, the deploy): those
        assertEquals(
                Duration.ofSeconds(9),
                OpenNebulaBackends.cycleBudget(Duration.ofSeconds(2), Duration.ofSeconds(1), Optional.empty()));
        // a step longer than half the watchdog: the cycle ends before systemd would restart the daemon
        assertEquals(
                Duration.ofMinutes(5),
                OpenNebulaBackends.cycleBudget(
                        Duration.ofMinutes(30), Duration.ofSeconds(30), Optional.of(Duration.ofMinutes(10))));
        assertEquals(
                Duration.ofMinutes(30),
                OpenNebulaBackends.cycleBudget(Duration.ofMinutes(30), Duration.ofSeconds(30), Optional.empty()));
    }
}
