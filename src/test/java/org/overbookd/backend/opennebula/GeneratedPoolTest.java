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

        OneClusterView view = ClusterAssembler.assemble(hosts, hostSamples, vms, vmSamples).view();
        PoolGenerator.Expected expected = generator.expected();
        assertEquals(expected.usableHosts(), view.hosts().size());
        assertEquals(expected.queued(), view.queue().size());
        assertEquals(expected.overbooked(), view.hosts().stream().mapToInt(h -> h.overbooked().size()).sum());
        assertEquals(expected.hostsInFlight(), view.hosts().stream().filter(HostView::operationInFlight).count());

        // Spot checks against the generator's own objects.
        HostView host = view.hosts().stream().filter(h -> h.id() == 106).findFirst().orElseThrow();
        FakeHost generated = generator.host(106);
        assertEquals(generated.usedCpu * 100.0 / generated.totalCpu, host.utilization(), 1e-9);
        assertEquals(generated.totalCpu / 100, host.cores());
        VmView running = host.overbooked().stream().filter(vm -> vm.id() == 5106).findFirst().orElseThrow();
        assertEquals(PoolGenerator.Kind.LOW_RUNNING, PoolGenerator.kind(5106));
        assertEquals(generator.vm(5106).cpu, running.load(), 1e-9);
        VmView suspended = view.queue().stream().filter(vm -> vm.id() == 108).findFirst().orElseThrow();
        assertEquals(VmState.SUSPENDED, suspended.state());
        assertEquals(OptionalInt.of(108), suspended.pinnedHost());
    }
}
