package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.overbookd.model.QosClass;
import org.overbookd.model.VmView;

/** The view built from records, for the corners the fake's world does not reach. */
class ClusterAssemblerTest {

    private static VmRecord running(int id, int host, long since, String qos) {
        return new VmRecord(
                id,
                "vm" + id,
                OneVmStates.ACTIVE,
                OneVmStates.RUNNING,
                100,
                qos,
                new VmRecord.History(0, host, "n" + host, since));
    }

    @Test
    void placementTiesAreBrokenByVmIdAndMissingSamplesMeanNoLoad() {
        List<HostRecord> hosts = List.of(new HostRecord(0, "n0", OneHostStates.MONITORED, 350));
        List<VmRecord> vms = List.of(running(9, 0, 50, "LOW"), running(4, 0, 50, "LOW"), running(6, 0, 10, "LOW"));
        LastObservation observation = ClusterAssembler.assemble(
                hosts, Map.of(0, new MonitoringSample(0, 1, 700)), vms, Map.of(9, new MonitoringSample(9, 1, 33)));
        OneHostView host = observation.view().hosts().get(0);
        assertEquals(
                List.of(6L, 4L, 9L), host.overbooked().stream().map(VmView::id).toList());
        assertEquals(0.0, host.overbooked().get(1).load());
        assertEquals(33.0, host.overbooked().get(2).load());
        assertEquals(4, host.cores(), "TOTAL_CPU 350 rounds to 4 cores");
        assertEquals(200.0, host.utilization(), 1e-9);
        assertEquals(Map.of(9, QosClass.LOW, 4, QosClass.LOW, 6, QosClass.LOW), observation.qosByVm());
    }

    @Test
    void aHostWithoutCapacityIsLeftOut() {
        List<HostRecord> hosts = List.of(new HostRecord(0, "n0", OneHostStates.MONITORED, 0));
        LastObservation observation =
                ClusterAssembler.assemble(hosts, Map.of(0, new MonitoringSample(0, 1, 0)), List.of(), Map.of());
        assertTrue(observation.view().hosts().isEmpty());
        assertTrue(observation.usableHosts().isEmpty());
        assertEquals(Map.of("no-capacity", 1), observation.view().hostsLeftOut());
    }

    @Test
    void aSuspendedVmWithoutHistoryIsNotPinned() {
        VmRecord odd = new VmRecord(3, "odd", OneVmStates.SUSPENDED, 0, 1, "LOW", null);
        LastObservation observation = ClusterAssembler.assemble(List.of(), Map.of(), List.of(odd), Map.of());
        assertEquals(OptionalInt.empty(), observation.view().queue().get(0).pinnedHost());
    }

    /** A host listed twice is one host of the view, in the first one's place, as the later record says. */
    @Test
    void aHostListedTwiceIsOfferedOnceAsItsLaterRecordSays() {
        List<HostRecord> hosts = List.of(
                new HostRecord(0, "old-name", OneHostStates.MONITORED, 800),
                new HostRecord(1, "n1", OneHostStates.MONITORED, 800),
                new HostRecord(0, "new-name", OneHostStates.MONITORED, 400));
        Map<Integer, MonitoringSample> samples =
                Map.of(0, new MonitoringSample(0, 1, 200), 1, new MonitoringSample(1, 1, 100));
        LastObservation observation =
                ClusterAssembler.assemble(hosts, samples, List.of(running(5, 0, 10, "LOW")), Map.of());
        List<OneHostView> views = observation.view().hosts();
        assertEquals(List.of(0, 1), views.stream().map(OneHostView::id).toList());
        assertEquals("new-name", views.get(0).name());
        assertEquals(4, views.get(0).cores());
        assertEquals(
                List.of(5L), views.get(0).overbooked().stream().map(VmView::id).toList());
        assertEquals(java.util.Set.of(0, 1), observation.usableHosts());
    }
}
