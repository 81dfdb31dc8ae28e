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
import org.overbookd.backend.RecordingBackend;
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

    /** The daemon against {@code one}, recording into {@code record}, for {@code cycles} cycles a tick apart. */
    private void recordCycles(FakeOned one, Path record, int cycles) throws Exception {
        Path config = dir.resolve("overbookd.properties");
        List<String> lines = new ArrayList<>(one.daemonConfig(dir));
        lines.addAll(List.of("audit.file = " + dir.resolve("audit.jsonl"), "record.file = " + record));
        Files.write(config, lines);
        Settings settings = new SettingsLoader().load(config, Map.of()).settings();
        try (Service service = Service.assemble(settings, config, Map.of(), false, Clock.systemUTC())) {
            for (int k = 0; k < cycles; k++) {
                if (k > 0) {
                    one.tick();
                }
                service.runner().runCycle();
            }
        }
    }

    @Test
    void aVmOfSeveralCoresIsRecordedWithItsVcpusAndReplayedAsMeasured() throws Exception {
        Path record = dir.resolve("record.csv");
        try (FakeOned one = FakeOned.start(TestSessions.SESSION)) {
            long now = one.now();
            FakeHost host = one.host(0, "node0", 8);
            one.vm(100, "db-100").vcpu("4").runningOn(host, now - 3600).cpu(250.0);
            one.vm(101, "web-101").runningOn(host, now - 3600).cpu(60.0);
            host.usedCpu(310L);
            recordCycles(one, record, 2);
        }
        List<String> rows = Files.readAllLines(record);
        assertEquals(RecordingBackend.HEADER, rows.get(0));
        assertTrue(
                rows.stream().anyMatch(r -> r.endsWith(",0,node0,8,38.750,100,db-100,HIGH,RUNNING,250.000,4,,")),
                String.join("\n", rows));
        assertTrue(
                rows.stream().anyMatch(r -> r.endsWith(",0,node0,8,38.750,101,web-101,HIGH,RUNNING,60.000,,,")),
                "no VCPU in the template: unknown, left empty\n" + String.join("\n", rows));

        RecordedWorkload replay = RecordedWorkload.read(record);
        double load = replay.hosts().get(0).lanes().stream()
                .mapToDouble(lane -> lane.next(0, null))
                .sum();
        assertEquals(310.0, load, 1e-9, "the host's two VMs as measured: 250 + 60");
        assertEquals(38.75, replay.facts().baselineUtilization(), 1e-9, "what the host measured, no low-QoS VM on it");
        assertEquals(0, replay.facts().forecastHosts(), "no prediction probe: no forecast, empty in the record");
        assertTrue(rows.stream().skip(1).allMatch(r -> r.endsWith(",,")), String.join("\n", rows));
    }

    /**
     * oned's forecasts (the host's USED_CPU_FORECAST, each VM's CPU_FORECAST) are in the record, and
     * the replay judges the host's recorded load on the host's forecast less its low-QoS VM's: 480 of
     * the host's 8 cores forecast, 100 of them the low-QoS VM's, 380 the high-QoS VMs'.
     */
    @Test
    void oneDsForecastsAreRecordedAndReplayedLessTheLowQosVmsForecast() throws Exception {
        Path record = dir.resolve("record.csv");
        try (FakeOned one = FakeOned.start(TestSessions.SESSION)) {
            long now = one.now();
            FakeHost host = one.host(0, "node0", 8);
            one.vm(100, "db-100")
                    .vcpu("4")
                    .runningOn(host, now - 3600)
                    .cpu(250.0)
                    .cpuForecast("300.5");
            one.vm(101, "web-101").runningOn(host, now - 3600).cpu(60.0);
            one.vm(102, "batch-102").low().runningOn(host, now - 600).cpu(90.0).cpuForecast("100");
            host.usedCpu(400L).usedCpuForecast("480");
            recordCycles(one, record, 1);
        }
        List<String> rows = Files.readAllLines(record);
        assertEquals(
                "time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu,vcpus,host_forecast,cpu_forecast",
                rows.get(0));
        String all = String.join("\n", rows);
        assertTrue(rows.stream().anyMatch(r -> r.endsWith(",0,node0,8,50.000,,,,,,,60.000,")), all);
        assertTrue(rows.stream().anyMatch(r -> r.endsWith(",100,db-100,HIGH,RUNNING,250.000,4,60.000,300.500")), all);
        assertTrue(rows.stream().anyMatch(r -> r.endsWith(",101,web-101,HIGH,RUNNING,60.000,,60.000,")), all);
        assertTrue(rows.stream().anyMatch(r -> r.endsWith(",102,batch-102,LOW,RUNNING,90.000,,60.000,100.000")), all);

        RecordedWorkload replay = RecordedWorkload.read(record);
        assertEquals(1, replay.facts().forecastHosts());
        assertEquals(380.0, replay.hosts().get(0).forecast().at(0), 1e-9, "480 forecast less the low-QoS VM's 100");
    }
}
