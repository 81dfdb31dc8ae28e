package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A daemon's record.file replayed by the simulator (sim.trace-file). */
class RecordReplayTest {

    @TempDir
    Path dir;

    private static final String HEADER = "time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu";

    /**
     * Two 4-core hosts over 15 minutes. Host 0's four high-QoS VMs run at 50% of a core, then at
     * 100% from minute 10; host 1's at 25% throughout. The low-QoS row is what overbookd had placed
     * and is ignored. Delivered CPU: host 0 is 200 x 600 s + 400 x 300 s, host 1 is 100 x 900 s,
     * 330,000 of 8 x 100 x 900 = 720,000, so utilization is 45.833%. At the step of minute 10 host
     * 0 is at exactly 100%: a point above 95% but not above 100%.
     */
    private Path record() throws IOException {
        StringBuilder csv = new StringBuilder(HEADER + "\n");
        String[] times = {"2026-11-22T10:00:00Z", "2026-11-22T10:05:00Z", "2026-11-22T10:10:00Z"};
        for (int t = 0; t < times.length; t++) {
            csv.append(times[t]).append(",0,node0,4,0,,,,,\n");
            for (int vm = 10; vm < 14; vm++) {
                csv.append(times[t])
                        .append(",0,node0,4,0,")
                        .append(vm)
                        .append(",web-")
                        .append(vm)
                        .append(",HIGH,RUNNING,")
                        .append(t < 2 ? "50.0" : "100.0")
                        .append('\n');
            }
            csv.append(times[t]).append(",1,node1,4,0,,,,,\n");
            for (int vm = 20; vm < 24; vm++) {
                csv.append(times[t])
                        .append(",1,node1,4,0,")
                        .append(vm)
                        .append(",db-")
                        .append(vm)
                        .append(",HIGH,RUNNING,25.0\n");
            }
            csv.append(times[t]).append(",1,node1,4,0,99,batch-99,LOW,RUNNING,90.0\n");
        }
        Path file = dir.resolve("record.csv");
        Files.writeString(file, csv);
        return file;
    }

    /** summary.csv's row by column name, so that new columns do not shift what is checked. */
    private Map<String, String> summary(Cli r) throws IOException {
        assertEquals(0, r.exitCode(), r.err());
        List<String> lines = Files.readAllLines(dir.resolve("summary.csv"));
        String[] names = lines.get(0).split(",");
        String[] values = lines.get(1).split(",");
        Map<String, String> row = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) {
            row.put(names[i], values[i]);
        }
        return row;
    }

    @Test
    void replaysTheRecordedLoadExactly() throws IOException {
        Path record = record();
        Map<String, String> row = summary(Cli.run(
                "simulate",
                "--set",
                "sim.trace-file=" + record,
                "--set",
                "overbooking.slots=0",
                "--set",
                "sim.duration=15m",
                "--set",
                "sim.load-interval=1m",
                "--out",
                dir.toString()));
        assertEquals("45.833", row.get("utilization"), "utilization");
        assertEquals("0", row.get("degradation_100"), "degradation_100");
        assertEquals("1", row.get("degradation_95"), "degradation_95");
        assertEquals("2.00", row.get("high_qos_hours"), "high_qos_hours: 8 VMs x 15 minutes");
    }

    /**
     * A high-QoS VM holds its core while it is in the record, not for the whole replay: on one 4-core
     * host over 15 minutes (cycles at 0, 5 and 10 min), VM 30 is there throughout (15 min), VM 31 from
     * minute 5 (10 min), VM 32 only at minute 0 (5 min: gone from minute 5 on), VM 33 at 0 and 10
     * (away from 5 to 10: 10 min). 40 minutes in all, where counting every recorded VM for the whole
     * replay gave 60.
     */
    @Test
    void aReplayedVmHoldsItsCoreOnlyWhileInTheRecord() throws IOException {
        String[] times = {"2026-11-22T10:00:00Z", "2026-11-22T10:05:00Z", "2026-11-22T10:10:00Z"};
        int[][] present = {{30, 32, 33}, {30, 31}, {30, 31, 33}};
        StringBuilder csv = new StringBuilder(HEADER + "\n");
        for (int t = 0; t < times.length; t++) {
            csv.append(times[t]).append(",0,node0,4,0,,,,,\n");
            for (int vm : present[t]) {
                csv.append(times[t])
                        .append(",0,node0,4,0,")
                        .append(vm)
                        .append(",db-")
                        .append(vm)
                        .append(",HIGH,RUNNING,20.0\n");
            }
        }
        Path record = dir.resolve("churn.csv");
        Files.writeString(record, csv);
        Map<String, String> row = summary(Cli.run(
                "simulate",
                "--set",
                "sim.trace-file=" + record,
                "--set",
                "overbooking.slots=0",
                "--set",
                "sim.duration=15m",
                "--set",
                "sim.load-interval=1m",
                "--out",
                dir.toString()));
        assertEquals("0.67", row.get("high_qos_hours"), "40 minutes held of the 60 the four VMs would hold throughout");
    }

    @Test
    void overbooksTheRecordedCluster() throws IOException {
        Path record = record();
        Map<String, String> row = summary(Cli.run(
                "simulate",
                "--set",
                "sim.trace-file=" + record,
                "--set",
                "overbooking.slots=1",
                "--set",
                "sim.duration=15m",
                "--out",
                dir.toString()));
        assertTrue(Long.parseLong(row.get("deploys")) > 0, "deploys onto the recorded hosts: " + row);
        assertEquals("0", row.get("refused"), "refused");
    }

    @Test
    void theHeaderNamesTheRecordedClusterNotTheSyntheticDefaults() throws IOException {
        Path record = record();
        Cli r = Cli.run("simulate", "--set", "sim.trace-file=" + record, "--set", "sim.duration=15m");
        assertEquals(0, r.exitCode(), r.err());
        String header = r.out().lines().findFirst().orElse("");
        assertTrue(header.startsWith("2 recorded hosts, 8 cores in all (" + record + "), 15m"), header);
    }

    @Test
    void replaysWhatTheDaemonRecorded() throws IOException {
        Path config = dir.resolve("overbookd.properties");
        Files.write(config, List.of("backend = simulated", "sim.nodes = 3", "record.file = " + dir.resolve("rec.csv")));
        assertEquals(0, Cli.run("run", "--config", config.toString(), "--once").exitCode());
        Map<String, String> row = summary(Cli.run(
                "simulate",
                "--set",
                "sim.trace-file=" + dir.resolve("rec.csv"),
                "--set",
                "overbooking.slots=0",
                "--set",
                "sim.duration=10m",
                "--out",
                dir.toString()));
        assertEquals("4.00", row.get("high_qos_hours"), "3 hosts x 8 recorded high-QoS VMs x 10 minutes");
    }

    @Test
    void aMalformedRowIsNamedByFileAndLineWithExit65() throws IOException {
        Path bad = dir.resolve("bad.csv");
        Files.writeString(
                bad,
                HEADER
                        + "\n2026-11-22T10:00:00Z,0,node0,4,0,,,,,\n2026-11-22T10:00:00Z,0,node0,4,0,7,web,HIGH,RUNNING,lots\n");
        Cli r = Cli.run("simulate", "--set", "sim.trace-file=" + bad);
        assertEquals(ExitCodes.DATA_ERROR, r.exitCode());
        assertTrue(r.err().contains(bad + ":3: cpu 'lots' is not a number"), r.err());
        Path notRecord = dir.resolve("other.csv");
        Files.writeString(notRecord, "a,b\n1,2\n");
        Cli r2 = Cli.run("simulate", "--set", "sim.trace-file=" + notRecord);
        assertEquals(ExitCodes.DATA_ERROR, r2.exitCode());
        assertTrue(r2.err().contains(notRecord + ":1: missing column 'time'"), r2.err());
    }
}
