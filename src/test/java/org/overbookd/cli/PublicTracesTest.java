package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.backend.simulated.RecordFacts;
import org.overbookd.backend.simulated.RecordedWorkload;
import org.overbookd.io.InputException;

/**
 * The readers of public traces, each on a small fixture in the trace's published format
 * (src/test/resources/traces, whose README cites each schema): Azure's 2019 VM trace
 * (github.com/Azure/AzurePublicDataset, AzurePublicDatasetV2.md), Alibaba's cluster trace v2018
 * (github.com/alibaba/clusterdata, cluster-trace-v2018/schema.txt), Google's 2019 instance usage
 * (github.com/google/cluster-data, ClusterData2019.md) and the Standard Workload Format
 * (www.cs.huji.ac.il/labs/parallel/workload/swf.html); and what simulate and tune make of them.
 */
class PublicTracesTest {

    private static final Path TRACES = Path.of("src/test/resources/traces");

    @TempDir
    Path dir;

    private static Cli ok(String... args) {
        Cli cli = Cli.run(args);
        assertEquals(0, cli.exitCode(), String.join(" ", args) + "\n" + cli.err());
        return cli;
    }

    private Path azure() {
        Path record = dir.resolve("azure.csv");
        Cli cli = ok(
                "convert-trace",
                "azure-2019",
                "--vmtable",
                TRACES.resolve("azure-vmtable.csv").toString(),
                "--cpu-readings",
                TRACES.resolve("azure-cpu-readings.csv").toString(),
                "--host-cores",
                "8",
                "--out",
                record.toString());
        assertTrue(cli.out().contains("3 hosts, 3 high-QoS and 1 low-QoS VMs, 4 cycles (1 rows left out"), cli.out());
        return record;
    }

    /**
     * Interactive and Unknown VMs are high-QoS, Delay-insensitive low; packed first-fit on 8-core hosts in
     * order of creation (4 and 2 cores share host 1, the one above 24 cores, read as 32, has host 2, the
     * 8-core VM created at 900 s host 3); a reading's CPU is its percent of the VM's cores times them.
     */
    @Test
    void azureVmsAreClassedByTheirCategoryPackedAndReadInPercentOfACore() throws IOException, InputException {
        Path record = azure();
        RecordFacts facts = RecordedWorkload.read(record).facts();
        assertEquals(3, facts.highVms());
        assertEquals(1, facts.lowVms());
        assertEquals(
                List.of(8, 32, 8),
                facts.hosts().stream().map(RecordFacts.HostSpan::cores).toList());
        assertEquals(4, facts.cycles());
        List<Map<String, String>> rows = CsvRows.of(record);
        Map<String, String> first = rows.stream()
                .filter(r -> r.get("vm_name").equals("x/1XfK+6ZTP1oVqhX0sU1xk1Qp3zv+w="))
                .findFirst()
                .orElseThrow();
        assertEquals(
                List.of("2019-01-01T00:00:00Z", "1", "HIGH", "100.000", "4"),
                List.of(
                        first.get("time"),
                        first.get("host_id"),
                        first.get("qos"),
                        first.get("cpu"),
                        first.get("vcpus")));
        Map<String, String> low = rows.stream()
                .filter(r -> r.get("qos").equals("LOW"))
                .findFirst()
                .orElseThrow();
        assertEquals("1", low.get("host_id"));
        assertEquals("100.000", low.get("cpu"), "50% of 2 cores");
        // host 1 at time 0: 100 + 100 of 8 cores
        assertEquals("25.000", first.get("host_utilization"));
        Map<String, String> big = rows.stream()
                .filter(r -> r.get("vm_name").startsWith("p1oV"))
                .findFirst()
                .orElseThrow();
        assertEquals(List.of("2", "1920.000", "32"), List.of(big.get("host_id"), big.get("cpu"), big.get("vcpus")));
    }

    /**
     * The record replays: simulate names it, and tune's baseline (the replay without overbooking) measures
     * what the record did less its low-QoS VM, so the advice is checked against the trace as for a daemon's
     * own record.
     */
    @Test
    void simulateAndTuneReplayAnAzureRecord() throws IOException {
        Path record = azure();
        Cli sim = ok(
                "simulate",
                "--set",
                "sim.trace-file=" + record,
                "--set",
                "sim.duration=20m",
                "--out",
                dir.resolve("sim").toString());
        assertTrue(sim.out().startsWith("3 recorded hosts, 48 cores in all"), sim.out());
        Map<String, String> summary = CsvRows.of(dir.resolve("sim/summary.csv")).get(0);
        assertEquals(
                List.of("azure.csv", "trace", "measured"),
                List.of(summary.get("workload"), summary.get("workload_kind"), summary.get("demand_source")));
        Path grid = Files.write(
                dir.resolve("grid.properties"),
                List.of(
                        "sweep.overbooking.slots = 1",
                        "sweep.overbooking.upper-bound = 95",
                        "sweep.overbooking.lower-bound = 80"));
        Cli tune = Cli.run(
                "tune",
                "--record",
                record.toString(),
                "--grid",
                grid.toString(),
                "--seeds",
                "1",
                "--held-out-seeds",
                "1",
                "--max-degradation",
                "100",
                "--out",
                dir.resolve("tune").toString());
        assertEquals(0, tune.exitCode(), tune.err());
        assertTrue(tune.out().contains("baseline: the replay without overbooking measures"), tune.out());
    }

    /** Containers on their machines, each CPU sample its utilization of its request, averaged per 5-minute cycle. */
    @Test
    void alibabaContainersAreHighQosOnTheirMachines() throws IOException, InputException {
        Path record = dir.resolve("alibaba.csv");
        Cli cli = ok(
                "convert-trace",
                "alibaba-2018",
                "--machine-meta",
                TRACES.resolve("alibaba-machine_meta.csv").toString(),
                "--container-meta",
                TRACES.resolve("alibaba-container_meta.csv").toString(),
                "--container-usage",
                TRACES.resolve("alibaba-container_usage.csv").toString(),
                "--out",
                record.toString());
        assertTrue(cli.out().contains("2 hosts, 3 high-QoS and 0 low-QoS VMs, 2 cycles (2 rows left out"), cli.out());
        RecordFacts facts = RecordedWorkload.read(record).facts();
        assertEquals(
                List.of(96, 64),
                facts.hosts().stream().map(RecordFacts.HostSpan::cores).toList());
        List<Map<String, String>> rows = CsvRows.of(record);
        // c_1 at cycle 0: (50% + 30%) / 2 of 4 cores = 160% of one core
        Map<String, String> c1 = rows.stream()
                .filter(r -> r.get("vm_name").equals("c_1"))
                .findFirst()
                .orElseThrow();
        assertEquals(
                List.of("2018-01-01T00:00:00Z", "160.000", "4"),
                List.of(c1.get("time"), c1.get("cpu"), c1.get("vcpus")));
        Map<String, String> c3 = rows.stream()
                .filter(r -> r.get("vm_name").equals("c_3"))
                .findFirst()
                .orElseThrow();
        assertEquals(List.of("m_2", "160.000"), List.of(c3.get("host_name"), c3.get("cpu")));
    }

    /** Instances on machines of the cores given, CPU from the normalised unit; alloc sets left out. */
    @Test
    void googleInstanceUsageIsReadFromBigQuerysJson() throws IOException, InputException {
        Path record = dir.resolve("google.csv");
        Cli cli = ok(
                "convert-trace",
                "google-2019",
                "--instance-usage",
                TRACES.resolve("google-2019-instance_usage.json").toString(),
                "--machine-cores",
                "32",
                "--cores-per-unit",
                "64",
                "--out",
                record.toString());
        assertTrue(cli.out().contains("2 hosts, 2 high-QoS and 0 low-QoS VMs, 2 cycles (1 rows left out"), cli.out());
        List<Map<String, String>> rows = CsvRows.of(record);
        Map<String, String> big = rows.stream()
                .filter(r -> r.get("vm_name").equals("287648213561-1"))
                .findFirst()
                .orElseThrow();
        // 0.25 of a 64-core unit: 16 cores, 1600% of one; its machine of 32 cores at 50%
        assertEquals(
                List.of("1600.000", "50.000", "2019-05-01T07:00:00Z"),
                List.of(big.get("cpu"), big.get("host_utilization"), big.get("time")));
        assertEquals(2, RecordedWorkload.read(record).facts().cycles());
    }

    @Test
    void aRowThatIsNotTheTracesIsBadDataNamingFileAndLine() throws IOException {
        Path vmtable = Files.write(
                dir.resolve("vmtable.csv"),
                List.of("a,s,d,0,600,1,1,1,Interactive,4,8", "b,s,d,0,600,1,1,1,Batch,4,8"));
        Cli cli = Cli.run(
                "convert-trace",
                "azure-2019",
                "--vmtable",
                vmtable.toString(),
                "--cpu-readings",
                TRACES.resolve("azure-cpu-readings.csv").toString(),
                "--out",
                dir.resolve("r.csv").toString());
        assertEquals(ExitCodes.DATA_ERROR, cli.exitCode());
        assertTrue(
                cli.err().contains(vmtable + ":2: vmcategory 'Batch' is not Interactive, Delay-insensitive or Unknown"),
                cli.err());
        Path usage = Files.write(dir.resolve("usage.json"), List.of("{\"start_time\":\"x\"}"));
        cli = Cli.run(
                "convert-trace",
                "google-2019",
                "--instance-usage",
                usage.toString(),
                "--out",
                dir.resolve("g.csv").toString());
        assertEquals(ExitCodes.DATA_ERROR, cli.exitCode());
        assertTrue(cli.err().contains(usage + ":1: start_time '\"x\"' is not a whole number >= 0"), cli.err());
        cli = Cli.run(
                "convert-trace",
                "azure-2019",
                "--vmtable",
                vmtable.toString(),
                "--out",
                dir.resolve("r.csv").toString());
        assertEquals(ExitCodes.USAGE, cli.exitCode());
        assertTrue(cli.err().contains("azure-2019 needs --vmtable and --cpu-readings"), cli.err());
    }

    /**
     * An SWF log runs section 4.2's experiment: jobs of 32, 8, 64 and 1 of the header's 64 processors; job 3
     * never ran (cancelled, no run time) and is left out.
     */
    @Test
    void anSwfLogIsATraceOfTheTypeModel() throws IOException {
        Cli cli = ok(
                "simulate",
                "--model",
                "types",
                "--policy",
                "maxweight,best-fit",
                "--trace",
                TRACES.resolve("swf-log.swf").toString(),
                "--trace-format",
                "swf",
                "--servers",
                "2",
                "--out",
                dir.resolve("swf").toString());
        List<Map<String, String>> rows = CsvRows.of(dir.resolve("swf/summary.csv"));
        assertEquals(2, rows.size());
        for (Map<String, String> r : rows) {
            assertEquals("4", r.get("arrivals"), "the four jobs that ran");
            assertEquals(
                    List.of("swf-log.swf", "trace", "requested"),
                    List.of(r.get("workload"), r.get("workload_kind"), r.get("demand_source")));
        }
        Cli bad = Cli.run(
                "simulate",
                "--model",
                "types",
                "--scenario",
                "example1",
                "--trace-format",
                "swf",
                "--out",
                dir.resolve("x").toString());
        assertEquals(ExitCodes.USAGE, bad.exitCode());
        assertTrue(cli.out().contains("swf-log.swf"), cli.out());
    }
}
