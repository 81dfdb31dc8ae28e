package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.backend.opennebula.Decisions.suspend;

import ch.qos.logback.classic.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.overbookd.backend.Outcome;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostView;
import org.overbookd.model.VmView;
import org.overbookd.testing.LogCapture;

/**
 * What the real oned does that the first fake did not: stale samples after a restart, RESERVED_CPU,
 * VMs stuck in a failure sub-state, low-QoS VMs left PENDING.
 */
class BackendAgreesWithOnedTest extends FakeOnedTest {

    private OpenNebulaBackend backend;

    @BeforeEach
    void start() throws Exception {
        backend = backend(Duration.ofSeconds(5), SuspendAction.SUSPEND);
    }

    private Instant at(long secondsAfterFakeNow) {
        return Instant.ofEpochSecond(one.now() + secondsAfterFakeNow);
    }

    private static HostView host(ClusterView view, int id) {
        return view.hosts().stream().filter(h -> h.id() == id).findFirst().orElseThrow();
    }

    private static long count(LogCapture logs, int from, Level level, String text) {
        return logs.events().subList(from, logs.events().size()).stream()
                .filter(e -> e.getLevel() == level && e.getFormattedMessage().contains(text))
                .count();
    }

    @Test
    void utilizationIsUsedCpuOverThePhysicalCpuWhateverReservedCpuSays() throws Exception {
        one.hostForTest(0).reservedCpu(-400); // MAX_CPU 1200: an administrator overcommits
        one.hostForTest(1).reservedCpu(100); // MAX_CPU 300: CPU kept for the hypervisor
        ClusterView view = backend.observe(at(0));
        assertEquals(50.0, host(view, 0).utilization(), 1e-9, "USED_CPU 400 of TOTAL_CPU 800");
        assertEquals(8, host(view, 0).cores());
        assertEquals(150.0, host(view, 1).utilization(), 1e-9, "USED_CPU 600 of TOTAL_CPU 400");
        assertEquals(4, host(view, 1).cores());
    }

    @Test
    void aHostWhoseSampleIsOlderThanTheMaximumAgeIsLeftOutAndSaidOncePerEpisode() throws Exception {
        long tenMinutes = OpenNebulaSettings.DEFAULT_MAX_SAMPLE_AGE.toSeconds();
        one.hostForTest(1).sampledAt(one.now() - tenMinutes - 1);
        one.hostForTest(7).sampledAt(one.now() - tenMinutes); // exactly the maximum age: still a measurement
        try (LogCapture logs = LogCapture.start()) {
            ClusterView view = backend.observe(at(0));
            assertEquals(List.of(0, 7), view.hosts().stream().map(HostView::id).toList());
            assertEquals(1, view.hostsLeftOut().get("stale-monitoring"));
            assertEquals(
                    1,
                    count(logs, 0, Level.WARN, "Host 1 (node1) left out: last monitoring sample 601 s old"),
                    logs.text());

            int seen = logs.events().size();
            backend.observe(at(30));
            assertEquals(0, count(logs, seen, Level.WARN, "Host 1"), "once per episode, not every cycle");

            one.hostForTest(1).sampledAt(null);
            assertTrue(backend.observe(at(60)).hosts().stream().anyMatch(h -> h.id() == 1), "monitored again");
            one.hostForTest(1).sampledAt(one.now() - tenMinutes - 100);
            seen = logs.events().size();
            backend.observe(at(90));
            assertEquals(1, count(logs, seen, Level.WARN, "Host 1 (node1) left out"), "a new episode is said again");
        }
    }

    @Test
    void aFailedLowQosVmIsLeftAloneHoldsItsSlotAndDoesNotMakeItsHostBusy() throws Exception {
        one.vm(12).state(OneVmStates.ACTIVE, 36); // BOOT_FAILURE on host 0
        try (LogCapture logs = LogCapture.start()) {
            ClusterView view = backend.observe(at(0));
            HostView host0 = host(view, 0);
            assertEquals(
                    List.of(13L, 12L),
                    host0.overbooked().stream().map(VmView::id).toList(),
                    "still on the host: it holds its slot (an administrator's recover may boot it again)");
            assertFalse(host0.operationInFlight(), "nothing is under way on host 0");
            assertTrue(host(view, 7).operationInFlight(), "a VM booting still makes its host busy");
            assertEquals(1, view.vmsLeftAlone().get("failed"));
            assertEquals(
                    1,
                    count(logs, 0, Level.WARN, "Low-QoS VM 12 (batch-12) is ACTIVE/BOOT_FAILURE on host 0"),
                    logs.text());
            int seen = logs.events().size();
            backend.observe(at(30));
            assertEquals(0, count(logs, seen, Level.WARN, "VM 12"), "once per VM, not every cycle");
        }
        one.forgetCalls();
        Outcome outcome = backend.enact(List.of(suspend(12, 0)), at(30)).get(0);
        assertEquals(Outcome.Status.REFUSED, outcome.status());
        assertFalse(one.methods().contains("one.vm.action"), "never acted on");
    }

    @Test
    void aPendingLowQosVmIsCountedAndTheOperatorToldOnce() throws Exception {
        try (LogCapture logs = LogCapture.start()) {
            ClusterView view = backend.observe(at(0));
            assertEquals(Map.of("pending", 1), view.vmsLeftAlone(), "VM 21 of the standard world");
            assertEquals(
                    1,
                    count(
                            logs,
                            0,
                            Level.WARN,
                            "Low-QoS VM 21 (batch-21) is PENDING: OpenNebula's scheduler"
                                    + " may place it; create low-QoS VMs on hold, or install overbookd's placer and hook on the"
                                    + " front-end (docs/operating.md: Running beside OpenNebula, step 4), so overbookd places them"),
                    logs.text());
            int seen = logs.events().size();
            backend.observe(at(30));
            assertEquals(0, count(logs, seen, Level.WARN, "PENDING"));
        }
    }
}
