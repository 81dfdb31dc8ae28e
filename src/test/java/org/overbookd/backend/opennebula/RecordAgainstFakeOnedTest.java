package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.simulated.RecordedWorkload;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;
import org.overbookd.daemon.Service;

/**
 * The daemon's record.file against the fake oned: each VM's measured CPU with its virtual CPUs as its
 * template gives them, and the replay of that record puts back what was measured, a VM of four
 * cores at its 250% of a core, not one core's 100.
 */
class RecordAgainstFakeOnedTest {

    @TempDir
    Path dir;

    @Test
    void aVmOfSeveralCoresIsRecordedWithItsVcpusAndReplayedAsMeasured() throws Exception {
        Path record = dir.resolve("record.csv");
        try (FakeOned one = FakeOned.start(TestSessions.SESSION)) {
            long now = one.now();
            FakeHost host = one.host(0, "node0", 8);
            one.vm(100, "db-100").vcpu("4").runningOn(host, now - 3600).cpu(250.0);
            one.vm(101, "web-101").runningOn(host, now - 3600).cpu(60.0);
            host.usedCpu(310L);
            Path config = dir.resolve("overbookd.properties");
            List<String> lines = new ArrayList<>(one.daemonConfig(dir));
            lines.addAll(List.of("audit.file = " + dir.resolve("audit.jsonl"), "record.file = " + record));
            Files.write(config, lines);
            Settings settings = new SettingsLoader().load(config, Map.of()).settings();
            try (Service service = Service.assemble(settings, config, Map.of(), false, Clock.systemUTC())) {
                service.runner().runCycle();
                one.tick();
                service.runner().runCycle();
            }
        }
        List<String> rows = Files.readAllLines(record);
        assertEquals("time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu,vcpus", rows.get(0));
        assertTrue(
                rows.stream().anyMatch(r -> r.endsWith(",0,node0,8,38.750,100,db-100,HIGH,RUNNING,250.000,4")),
                String.join("\n", rows));
        assertTrue(
                rows.stream().anyMatch(r -> r.endsWith(",0,node0,8,38.750,101,web-101,HIGH,RUNNING,60.000,")),
                "no VCPU in the template: unknown, left empty\n" + String.join("\n", rows));

        RecordedWorkload replay = RecordedWorkload.read(record);
        double load = replay.hosts().get(0).lanes().stream()
                .mapToDouble(lane -> lane.next(0, null))
                .sum();
        assertEquals(310.0, load, 1e-9, "the host's two VMs as measured: 250 + 60");
        assertEquals(38.75, replay.facts().baselineUtilization(), 1e-9, "what the host measured, no low-QoS VM on it");
    }
}
