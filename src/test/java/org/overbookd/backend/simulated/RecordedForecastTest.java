package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.io.InputException;

/**
 * The record's forecast columns (host_forecast, cpu_forecast) as the replay reads them: the VIM's
 * forecast of a host's recorded high-QoS load is its host_forecast less what it forecast of the
 * low-QoS VMs on it, capped at the host; none where the record has none; an older record without the
 * columns reads as before; a forecast that is not a figure is refused naming the file and line.
 */
class RecordedForecastTest {

    private static final String HEADER =
            "time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu,vcpus,host_forecast,cpu_forecast";

    @TempDir
    Path dir;

    private Path write(String... lines) throws Exception {
        Path file = dir.resolve("record.csv");
        Files.write(file, java.util.List.of(lines));
        return file;
    }

    @Test
    void theHostsForecastLessItsLowQosVmsForecastsIsWhatTheReplayJudgesItsRecordedLoadOn() throws Exception {
        Path file = write(
                HEADER,
                // cycle 0: host 0 forecast 50% of 4 cores = 200; its low-QoS VM forecast 80: 120 of high-QoS load
                "2026-11-22T00:00:00Z,0,node0,4,40.000,,,,,,,50.000,",
                "2026-11-22T00:00:00Z,0,node0,4,40.000,1,db,HIGH,RUNNING,100.000,2,50.000,110.000",
                "2026-11-22T00:00:00Z,0,node0,4,40.000,2,batch,LOW,RUNNING,60.000,1,50.000,80.000",
                // host 1 has no forecast at all (a host whose probe is off)
                "2026-11-22T00:00:00Z,1,node1,8,10.000,,,,,,,,",
                "2026-11-22T00:00:00Z,1,node1,8,10.000,3,web,HIGH,RUNNING,80.000,,,",
                // cycle 1: the low-QoS VM without a CPU_FORECAST counts at its measured 60
                "2026-11-22T00:05:00Z,0,node0,4,40.000,,,,,,,45.000,",
                "2026-11-22T00:05:00Z,0,node0,4,40.000,1,db,HIGH,RUNNING,100.000,2,45.000,",
                "2026-11-22T00:05:00Z,0,node0,4,40.000,2,batch,LOW,RUNNING,60.000,1,45.000,",
                "2026-11-22T00:05:00Z,1,node1,8,10.000,,,,,,,,",
                // cycle 2: a forecast of 0 on host 0's row: none, as the daemon takes it
                "2026-11-22T00:10:00Z,0,node0,4,40.000,,,,,,,0.000,",
                "2026-11-22T00:10:00Z,1,node1,8,10.000,,,,,,,,",
                // cycle 3: a forecast above the host is capped at its 400
                "2026-11-22T00:15:00Z,0,node0,4,40.000,,,,,,,1000000.000,",
                "2026-11-22T00:15:00Z,1,node1,8,10.000,,,,,,,,");
        RecordedWorkload replay = RecordedWorkload.read(file);
        RecordedForecast host0 = replay.hosts().get(0).forecast();
        assertEquals(120.0, host0.at(0), 1e-9, "200 less the low-QoS VM's forecast 80");
        assertEquals(120.0, host0.at(299), 1e-9, "held until the next cycle");
        assertEquals(120.0, host0.at(300), 1e-9, "180 less the low-QoS VM's measured 60");
        assertTrue(Double.isNaN(host0.at(600)), "a forecast of 0 on the host's row: none");
        assertEquals(400.0, host0.at(900), 1e-9, "capped at the host's 4 cores");
        assertTrue(Double.isNaN(host0.at(-1)), "none before the first cycle");
        assertNull(replay.hosts().get(1).forecast(), "a host without forecasts forecasts from its samples");
        assertEquals(1, replay.facts().forecastHosts());
    }

    @Test
    void aHostMissingFromACycleHasNoForecastUntilItIsBack() throws Exception {
        Path file = write(
                HEADER,
                "2026-11-22T00:00:00Z,0,node0,4,40.000,,,,,,,50.000,",
                "2026-11-22T00:00:00Z,1,node1,4,40.000,,,,,,,,",
                "2026-11-22T00:05:00Z,1,node1,4,40.000,,,,,,,,",
                "2026-11-22T00:10:00Z,0,node0,4,40.000,,,,,,,25.000,",
                "2026-11-22T00:10:00Z,1,node1,4,40.000,,,,,,,,",
                "2026-11-22T00:15:00Z,0,node0,4,40.000,,,,,,,,",
                "2026-11-22T00:15:00Z,1,node1,4,40.000,,,,,,,,");
        RecordedForecast host0 = RecordedWorkload.read(file).hosts().get(0).forecast();
        assertEquals(200.0, host0.at(0), 1e-9);
        assertTrue(Double.isNaN(host0.at(300)), "not recorded at 00:05: not the forecast of 00:00");
        assertEquals(100.0, host0.at(600), 1e-9);
        assertTrue(Double.isNaN(host0.at(900)), "an empty host_forecast: none");
    }

    @Test
    void aRecordOfAnOlderOverbookdHasNoForecastsAndReadsAsBefore() throws Exception {
        Path file = write(
                "time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu,vcpus",
                "2026-11-22T00:00:00Z,0,node0,4,25.000,,,,,,",
                "2026-11-22T00:00:00Z,0,node0,4,25.000,1,db,HIGH,RUNNING,100.000,2");
        RecordedWorkload replay = RecordedWorkload.read(file);
        assertNull(replay.hosts().get(0).forecast());
        assertEquals(0, replay.facts().forecastHosts());
        assertEquals(25.0, replay.facts().baselineUtilization(), 1e-9);
    }

    @Test
    void aForecastThatIsNotAFigureIsRefusedNamingTheLine() throws Exception {
        for (String bad : new String[] {"-5", "NaN", "Infinity", "1e999", "lots"}) {
            Path file = write(
                    HEADER,
                    "2026-11-22T00:00:00Z,0,node0,4,40.000,,,,,,," + bad + ",",
                    "2026-11-22T00:00:00Z,0,node0,4,40.000,1,db,HIGH,RUNNING,100.000,2,1,");
            InputException e = assertThrows(InputException.class, () -> RecordedWorkload.read(file), bad);
            assertTrue(e.getMessage().contains("record.csv") && e.getMessage().contains(":2"), e.getMessage());
            assertTrue(e.getMessage().contains("host_forecast"), e.getMessage());
        }
        Path file = write(
                HEADER,
                "2026-11-22T00:00:00Z,0,node0,4,40.000,,,,,,,1,",
                "2026-11-22T00:00:00Z,0,node0,4,40.000,2,b,LOW,RUNNING,10.000,1,1,-1");
        InputException e = assertThrows(InputException.class, () -> RecordedWorkload.read(file));
        assertTrue(e.getMessage().contains(":3") && e.getMessage().contains("cpu_forecast"), e.getMessage());
    }
}
