package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.model.HostView;
import org.overbookd.model.VmState;
import org.overbookd.model.VmView;

/** A generated pool of 1,000 hosts and 10,000 VMs, streamed from files, reads as the generator says. */
class GeneratedPoolTest {

    private static final int HOSTS = 1_000;
    private static final int VMS = 10_000;

    @TempDir
    Path dir;

    @Test
    void aLargeGeneratedPoolParsesCorrectly() throws Exception {
        PoolGenerator generator = new PoolGenerator(HOSTS, VMS, 7);
        generator.writeTo(dir);
        assertTrue(Files.size(dir.resolve("vmpool.xml")) > 10_000_000L, "a pool worth streaming");

        List<HostRecord> hosts;
        Map<Integer, MonitoringSample> hostSamples;
        List<VmRecord> vms;
        Map<Integer, MonitoringSample> vmSamples;
        try (Reader in = Files.newBufferedReader(dir.resolve("hostpool.xml"), StandardCharsets.UTF_8)) {
            hosts = HostPoolParser.parse(in);
        }
        try (Reader in = Files.newBufferedReader(dir.resolve("hostpool-monitoring.xml"), StandardCharsets.UTF_8)) {
            hostSamples = MonitoringParser.HOSTS.parse(in);
        }
        try (Reader in = Files.newBufferedReader(dir.resolve("vmpool.xml"), StandardCharsets.UTF_8)) {
            vms = new VmPoolParser("QOS").parsePool(in);
        }
        try (Reader in = Files.newBufferedReader(dir.resolve("vmpool-monitoring.xml"), StandardCharsets.UTF_8)) {
            vmSamples = MonitoringParser.VMS.parse(in);
        }
        assertEquals(HOSTS, hosts.size());
        assertEquals(VMS, vms.size());

        OneClusterView view =
                ClusterAssembler.assemble(hosts, hostSamples, vms, vmSamples).view();
        PoolGenerator.Expected expected = generator.expected();
        assertEquals(expected.usableHosts(), view.hosts().size());
        assertEquals(expected.queued(), view.queue().size());
        assertEquals(
                expected.overbooked(),
                view.hosts().stream().mapToInt(h -> h.overbooked().size()).sum());
        assertEquals(
                expected.hostsInFlight(),
                view.hosts().stream().filter(HostView::operationInFlight).count());

        // Spot checks against the generator's own objects.
        HostView host =
                view.hosts().stream().filter(h -> h.id() == 106).findFirst().orElseThrow();
        FakeHost generated = generator.host(106);
        assertEquals(generated.usedCpu * 100.0 / generated.totalCpu, host.utilization(), 1e-9);
        assertEquals(generated.totalCpu / 100, host.cores());
        VmView running = host.overbooked().stream()
                .filter(vm -> vm.id() == 5106)
                .findFirst()
                .orElseThrow();
        assertEquals(PoolGenerator.Kind.LOW_RUNNING, PoolGenerator.kind(5106));
        assertEquals(generator.vm(5106).cpu, running.load(), 1e-9);
        VmView suspended =
                view.queue().stream().filter(vm -> vm.id() == 108).findFirst().orElseThrow();
        assertEquals(VmState.SUSPENDED, suspended.state());
        assertEquals(OptionalInt.of(108), suspended.pinnedHost());
    }

    /**
     * The same pool with OpenNebula's requirements, read as the daemon reads an observation: each queued
     * VM may go exactly where its requirements, evaluated here by hand over the generator's hosts, allow.
     */
    @Test
    void aGeneratedPoolWithRequirementsIsMatchedHostByHost() throws Exception {
        PoolGenerator generator = new PoolGenerator(200, 1_500, 7).withRequirements();
        generator.writeTo(dir);
        String hostPool = Files.readString(dir.resolve("hostpool.xml"));
        String hostMonitoring = Files.readString(dir.resolve("hostpool-monitoring.xml"));
        HostMatching.Sources sources = new HostMatching.Sources(
                hostPool,
                hostMonitoring,
                PoolDocuments.datastores(Files.readString(dir.resolve("datastorepool.xml"))),
                PoolDocuments.clusters(Files.readString(dir.resolve("clusterpool.xml"))));
        OneClusterView view = ClusterAssembler.assemble(
                        HostPoolParser.parse(hostPool),
                        MonitoringParser.HOSTS.parse(hostMonitoring),
                        new VmPoolParser("QOS").parsePool(Files.readString(dir.resolve("vmpool.xml"))),
                        MonitoringParser.VMS.parse(Files.readString(dir.resolve("vmpool-monitoring.xml"))),
                        java.time.Instant.MIN,
                        java.time.Duration.ZERO,
                        sources)
                .view();
        int checked = 0;
        int allowed = 0;
        int nowhere = 0;
        for (VmView vm : view.queue()) {
            boolean anywhere = false;
            int i = (int) vm.id();
            String requirement = i % 6 >= 2 ? PoolGenerator.SCHED_REQUIREMENTS.get(i % 6 - 2) : "";
            for (HostView host : view.hosts()) {
                int j = host.id();
                boolean expected = j % 100 != 0
                        && switch (requirement) {
                            case "" -> true;
                            case "GPU = YES" -> j % 10 == 0;
                            case "CLUSTER_ID = 0 & HYPERVISOR = kvm" -> true;
                            case "NAME = \"node1*\" | ID > 5000" -> ("node" + j).startsWith("node1");
                            default -> !("node" + j).startsWith("node7") && 100 * (8 << (j % 3)) > 800;
                        };
                // a VM suspended in place goes back to its own host only
                expected &= vm.pinnedHost().isEmpty() || vm.pinnedHost().getAsInt() == j;
                assertEquals(expected, vm.mayRunOn(host), "VM " + i + " (" + requirement + ") on host " + j);
                checked++;
                allowed += expected ? 1 : 0;
                anywhere |= expected;
            }
            // one suspended on a host its requirements exclude may go nowhere (the others have somewhere)
            nowhere += anywhere
                            || vm.pinnedHost().isPresent()
                                    && view.hosts().stream()
                                            .noneMatch(h ->
                                                    h.id() == vm.pinnedHost().getAsInt())
                    ? 0
                    : 1;
        }
        assertTrue(checked > 50_000 && allowed > 5_000, checked + " pairs, " + allowed + " allowed");
        assertTrue(nowhere > 20, nowhere + " VMs suspended on a host their requirements exclude");
        assertEquals(Map.of("no-host", nowhere), view.vmsUnmatched());
    }
}
