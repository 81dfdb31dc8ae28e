package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.overbookd.backend.BackendException;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostView;
import org.overbookd.model.QosClass;
import org.overbookd.model.VmState;
import org.overbookd.model.VmView;
import org.overbookd.testing.LogCapture;

/** observe() against the fake oned's standard world ({@link FakeWorlds}). */
class BackendObserveTest extends FakeOnedTest {

    private OpenNebulaBackend backend;

    @BeforeEach
    void start() throws Exception {
        backend = new OpenNebulaBackend(settings("QOS"));
    }

    private OpenNebulaSettings settings(String qosAttribute) throws Exception {
        return settings(qosAttribute, Duration.ofSeconds(5), SuspendAction.SUSPEND);
    }

    private static Map<Integer, HostView> byId(ClusterView view) {
        return view.hosts().stream().collect(Collectors.toMap(HostView::id, Function.identity()));
    }

    private static List<Long> ids(List<? extends VmView> vms) {
        return vms.stream().map(VmView::id).toList();
    }

    /** Four reads a cycle, six while a VM waits; the first also reads the clusters' OneDRS setting, read again a day later. */
    @Test
    void makesTheFourReadCallsWithOnedsArgumentsAndTwoMoreWhenAVmWaits() throws Exception {
        backend.observe(Instant.EPOCH);
        // low-QoS VMs wait on hold in this world: where they may go needs the datastores and clusters
        assertEquals(
                List.of(
                        "one.hostpool.info",
                        "one.hostpool.monitoring",
                        "one.vmpool.infoextended",
                        "one.vmpool.monitoring",
                        "one.datastorepool.info",
                        "one.clusterpool.info",
                        "one.clusterpool.info"),
                one.methods(),
                "the last one the OneDRS look");
        one.forgetCalls();
        backend.observe(Instant.EPOCH.plusSeconds(300));
        assertEquals(
                List.of(
                        "one.hostpool.info",
                        "one.hostpool.monitoring",
                        "one.vmpool.infoextended",
                        "one.vmpool.monitoring",
                        "one.datastorepool.info",
                        "one.clusterpool.info"),
                one.methods());
        one.forgetCalls();
        backend.observe(Instant.EPOCH.plus(Duration.ofDays(1)));
        assertEquals(
                List.of(
                        "one.hostpool.info",
                        "one.hostpool.monitoring",
                        "one.vmpool.infoextended",
                        "one.vmpool.monitoring",
                        "one.datastorepool.info",
                        "one.clusterpool.info",
                        "one.clusterpool.info"),
                one.methods(),
                "a day later, OneDRS again");
        one.forgetCalls();
        backend.observe(Instant.EPOCH);
        assertEquals(
                List.of(
                        "one.hostpool.info",
                        "one.hostpool.monitoring",
                        "one.vmpool.infoextended",
                        "one.vmpool.monitoring",
                        "one.datastorepool.info",
                        "one.clusterpool.info"),
                one.methods());
        assertEquals(List.of(0), one.calls().get(1).arguments());
        assertEquals(List.of(-2, -1, -1, -1), one.calls().get(2).arguments());
        assertEquals(List.of(-2, 0), one.calls().get(3).arguments());
        assertEquals(List.of(-2, -1, -1), one.calls().get(4).arguments());
        assertEquals(List.of(-2, -1, -1), one.calls().get(5).arguments());
    }

    @Test
    void offersOnlyUsableMonitoredHostsAndLogsTheOthers() throws Exception {
        ClusterView view;
        try (LogCapture logs = LogCapture.start()) {
            view = backend.observe(Instant.EPOCH);
            String text = logs.text();
            assertTrue(text.contains("Host 2 (node2) left out: disabled (STATE 4)"), text);
            assertTrue(text.contains("Host 3 (node3) left out: error (STATE 3)"), text);
            assertTrue(text.contains("Host 4 (node4) left out: offline (STATE 8)"), text);
            assertTrue(text.contains("Host 5 (node5) left out: no-monitoring (STATE 0)"), text);
            assertTrue(text.contains("Host 6 (node6) left out: no-monitoring (no monitoring record)"), text);
            int lines = logs.events().size();
            // once per host while the reason lasts, not every cycle
            backend.observe(Instant.EPOCH);
            assertFalse(
                    logs.events().subList(lines, logs.events().size()).stream()
                            .anyMatch(e -> e.getFormattedMessage().contains("left out")),
                    logs.text());
        }
        assertEquals(List.of(0, 1, 7), view.hosts().stream().map(HostView::id).toList());
        assertEquals(
                java.util.Map.of("disabled", 1, "error", 1, "offline", 1, "no-monitoring", 2), view.hostsLeftOut());
    }

    @Test
    void utilizationIsUsedCpuOverMaxCpuInPercentOfTheHost() throws Exception {
        Map<Integer, HostView> hosts = byId(backend.observe(Instant.EPOCH));
        assertEquals(50.0, hosts.get(0).utilization(), 1e-9);
        assertEquals(150.0, hosts.get(1).utilization(), 1e-9, "demand above capacity shows above 100");
        assertEquals(25.0, hosts.get(7).utilization(), 1e-9);
        assertEquals(8, hosts.get(0).cores());
        assertEquals(4, hosts.get(1).cores());
        assertEquals("node1", hosts.get(1).name());
    }

    @Test
    void overbookedHoldsActiveLowQosVmsOldestPlacementFirst() throws Exception {
        Map<Integer, HostView> hosts = byId(backend.observe(Instant.EPOCH));
        assertEquals(List.of(13L, 12L), ids(hosts.get(0).overbooked()), "13 arrived on host 0 before 12");
        assertEquals(List.of(19L), ids(hosts.get(1).overbooked()));
        assertEquals(List.of(), ids(hosts.get(7).overbooked()));
        VmView vm12 = hosts.get(0).overbooked().get(1);
        assertEquals(VmState.RUNNING, vm12.state());
        assertEquals(QosClass.LOW, vm12.qos());
        assertEquals(80.0, vm12.load(), 1e-9);
        assertEquals("batch-12", vm12.name());
        assertEquals(Instant.ofEpochSecond(one.vm(12).stime), vm12.firstArrival());
    }

    @Test
    void theQueueHoldsHeldSuspendedAndStoppedLowQosVms() throws Exception {
        List<? extends VmView> queue = backend.observe(Instant.EPOCH).queue();
        assertEquals(List.of(14L, 15L, 16L), ids(queue));
        assertEquals(VmState.QUEUED, queue.get(0).state());
        assertEquals(OptionalInt.empty(), queue.get(0).pinnedHost());
        assertEquals(VmState.SUSPENDED, queue.get(1).state());
        assertEquals(OptionalInt.of(1), queue.get(1).pinnedHost(), "suspended in place on host 1");
        assertEquals(VmState.SUSPENDED, queue.get(2).state());
        assertEquals(OptionalInt.empty(), queue.get(2).pinnedHost(), "stopped: may go anywhere");
        assertTrue(queue.stream().allMatch(vm -> vm.load() == 0.0));
    }

    @Test
    void highQosVmsAppearNowhere() throws Exception {
        ClusterView view = backend.observe(Instant.EPOCH);
        List<Long> seen = view.hosts().stream()
                .flatMap(h -> h.overbooked().stream())
                .map(VmView::id)
                .collect(Collectors.toList());
        seen.addAll(ids(view.queue()));
        for (long high : new long[] {10, 11, 17, 18, 23}) {
            assertFalse(seen.contains(high), "VM " + high);
        }
        assertFalse(seen.contains(21L), "PENDING is OpenNebula's scheduler's");
        assertFalse(seen.contains(22L), "POWEROFF is out of overbookd's hands");
        assertFalse(seen.contains(20L), "its host is disabled");
    }

    @Test
    void anyVmInATransientStateMakesItsHostBusyWhateverItsQos() throws Exception {
        Map<Integer, HostView> hosts = byId(backend.observe(Instant.EPOCH));
        assertTrue(hosts.get(7).operationInFlight(), "high-QoS VM 18 boots on host 7");
        assertFalse(hosts.get(0).operationInFlight());
        assertFalse(hosts.get(1).operationInFlight());

        one.vm(10).state(OneVmStates.ACTIVE, 17 /* HOTPLUG */);
        assertTrue(byId(backend.observe(Instant.EPOCH)).get(0).operationInFlight());
    }

    @Test
    void theQosAttributeAndItsValueAreMatchedWithoutRegardToCase() throws Exception {
        one.vm(17).attribute("SLA", "Low");
        OpenNebulaBackend bySla = new OpenNebulaBackend(settings("sla"));
        ClusterView view = bySla.observe(Instant.EPOCH);
        assertEquals(List.of(17L), ids(view.queue()), "only VM 17 carries SLA=Low");
        assertTrue(view.hosts().stream().allMatch(h -> h.overbooked().isEmpty()));
    }

    @Test
    void theViewIsASnapshotThatOutlivesTheNextObservation() throws Exception {
        ClusterView first = backend.observe(Instant.EPOCH);
        one.vm(14).state(OneVmStates.DONE, OneVmStates.LCM_INIT);
        ClusterView second = backend.observe(Instant.EPOCH);
        assertEquals(List.of(14L, 15L, 16L), ids(first.queue()));
        assertEquals(List.of(15L, 16L), ids(second.queue()));
        assertThrows(UnsupportedOperationException.class, () -> first.hosts().clear());
    }

    @Test
    void aFailedReadThrowsABackendExceptionNamingTheCall() {
        one.fail("one.vmpool.monitoring", FakeOned.Fault.HTTP_500);
        BackendException e = assertThrows(BackendException.class, () -> backend.observe(Instant.EPOCH));
        assertTrue(e.getMessage().startsWith("one.vmpool.monitoring at " + one.endpoint()), e.getMessage());
    }
}
