package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {

    @TempDir
    Path dir;

    /** {@code overbookd compare ARGS}, under Main's handling. */
    private static Cli run(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "compare";
        System.arraycopy(args, 0, all, 1, args.length);
        return Cli.run(all);
    }

    private Path runDir(String name, String... requestRows) throws Exception {
        return runDirOf(name, "w.csv", requestRows);
    }

    /** A run's requests.csv, and its classes.csv stating that it ran on the trace file {@code workload}. */
    private Path runDirOf(String name, String workload, String... requestRows) throws Exception {
        Path d = Files.createDirectories(dir.resolve(name));
        List<String> rows = new java.util.ArrayList<>(
                List.of("id,class,slo,availability,met,deficit,preemptions,run_s,pending_s,overhead_s"));
        rows.addAll(List.of(requestRows));
        Files.write(d.resolve("requests.csv"), rows);
        Files.write(
                d.resolve("penalties.csv"),
                List.of("id,class,availability,deficit,duration_h,cpu,cpu_hour_deficit," + "bonus,penalty"));
        Files.write(
                d.resolve("classes.csv"),
                List.of(
                        "class,slo,requests,mean_availability,min_availability,"
                                + "slo_fulfilment,deficit_mean,deficit_p95,deficit_max,gini,preemptions,penalty,workload,workload_kind,"
                                + "demand_source",
                        "silver,0.9,1,1,1,1,0,0,0,0,0,0," + workload + ",trace,stated"));
        return d;
    }

    @Test
    void quadrantsAndPenaltyIncrease() throws Exception {
        Path a = runDir(
                "priority",
                "r1,silver,0.9,1.0,true,0,0,1,0,0",
                "r2,silver,0.9,0.0,false,0.9,0,0,1,0",
                "r3,bronze,0.5,1.0,true,0,0,1,0,0");
        Files.write(
                a.resolve("penalties.csv"),
                List.of(
                        "id,class,availability,deficit,duration_h,cpu,cpu_hour_deficit,bonus,penalty",
                        "r2,silver,0,0.9,1,1,0.9,1.00,1.8"));
        Path b = runDir(
                "qos",
                "r1,silver,0.9,0.89,false,0.01,3,1,0,0",
                "r2,silver,0.9,0.91,true,0,3,1,0,0",
                "r3,bronze,0.5,0.5,true,0,2,1,0,0");
        Files.write(
                b.resolve("penalties.csv"),
                List.of(
                        "id,class,availability,deficit,duration_h,cpu,cpu_hour_deficit,bonus,penalty",
                        "r1,silver,0.89,0.01,1,1,0.01,0.30,0.013"));
        Cli cli = run(a.toString(), b.toString(), "--out", dir.resolve("cmp").toString());
        assertEquals(0, cli.exitCode(), cli.err());
        List<String> table = Files.readAllLines(dir.resolve("cmp/compare.csv"));
        // silver: r1 only A met, r2 only B met; penalty increase (1.8 - 0.013) / 0.013
        assertEquals(
                "silver,2,0.000000,0.500000,0.500000,0.000000,1.800000,0.013000,137.461538,w.csv,trace,stated",
                table.get(1));
        assertEquals(
                "bronze,1,1.000000,0.000000,0.000000,0.000000,0.000000,0.000000,,w.csv,trace,stated", table.get(2));
        assertEquals("all,3,,,,,1.800000,0.013000,137.461538,w.csv,trace,stated", table.get(3));
        assertEquals("", cli.err(), "one workload: no warning");
        byte[] png = Files.readAllBytes(dir.resolve("cmp/heatmap-silver.png"));
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(png, 4));
    }

    @Test
    void runsOfDifferentWorkloadsAreBadData() throws Exception {
        Path a = runDir("a", "r1,silver,0.9,1.0,true,0,0,1,0,0");
        Path b = runDir("b", "r9,silver,0.9,1.0,true,0,0,1,0,0");
        Cli cli = run(a.toString(), b.toString(), "--out", dir.resolve("cmp").toString());
        assertEquals(ExitCodes.DATA_ERROR, cli.exitCode());
        assertTrue(cli.err().contains("does not hold the same requests"), cli.err());
    }

    @Test
    void aRunDirectoryThatIsNotThereOrHasNoTablesIsNoInput() throws Exception {
        Path a = runDir("a", "r1,silver,0.9,1.0,true,0,0,1,0,0");
        Path gone = dir.resolve("never-ran");
        Cli absent =
                run(a.toString(), gone.toString(), "--out", dir.resolve("cmp").toString());
        assertEquals(ExitCodes.NO_INPUT, absent.exitCode(), absent.err());
        assertTrue(absent.err().contains(gone + ": no such directory"), absent.err());

        Path other = Files.createDirectories(dir.resolve("some-other-output"));
        Cli notARun =
                run(a.toString(), other.toString(), "--out", dir.resolve("cmp").toString());
        // requests.csv could not be read: not there (66), not read and found wrong (65)
        assertEquals(ExitCodes.NO_INPUT, notARun.exitCode(), notARun.err());
        assertTrue(
                notARun.err()
                        .contains(other.resolve("requests.csv") + ": not found: is it a simulate --model requests"
                                + " output directory?"),
                notARun.err());
    }

    @Test
    void runsThatStateDifferentWorkloadsAreComparedWithAWarningNamingBoth() throws Exception {
        Path a = runDirOf("a", "one.csv", "r1,silver,0.9,1.0,true,0,0,1,0,0");
        Path b = runDirOf("b", "two.csv", "r1,silver,0.9,1.0,true,0,0,1,0,0");
        Cli cli = run(a.toString(), b.toString(), "--out", dir.resolve("cmp").toString());
        assertEquals(0, cli.exitCode(), cli.err());
        assertTrue(
                cli.err()
                        .contains("warning: " + a + " ran on one.csv (trace; demand stated), " + b
                                + " on two.csv (trace; demand stated)"),
                cli.err());
        assertTrue(Files.readAllLines(dir.resolve("cmp/compare.csv")).get(1).endsWith(",one.csv,trace,stated"));
    }

    @Test
    void aRunWhoseClassesTableStatesNoWorkloadIsBadData() throws Exception {
        Path a = runDir("a", "r1,silver,0.9,1.0,true,0,0,1,0,0");
        Path b = runDir("b", "r1,silver,0.9,1.0,true,0,0,1,0,0");
        Files.write(b.resolve("classes.csv"), List.of("class,slo,requests", "silver,0.9,1"));
        Cli cli = run(a.toString(), b.toString(), "--out", dir.resolve("cmp").toString());
        assertEquals(ExitCodes.DATA_ERROR, cli.exitCode(), cli.err());
        assertTrue(cli.err().contains(b.resolve("classes.csv").toString()), cli.err());
        assertTrue(cli.err().contains("workload"), cli.err());
    }

    @Test
    void binsAreFivePointSquares() {
        assertEquals(0, org.overbookd.sim.requests.PairedRuns.bin(0.0));
        assertEquals(0, org.overbookd.sim.requests.PairedRuns.bin(0.0499));
        assertEquals(1, org.overbookd.sim.requests.PairedRuns.bin(0.05));
        assertEquals(18, org.overbookd.sim.requests.PairedRuns.bin(0.9));
        assertEquals(19, org.overbookd.sim.requests.PairedRuns.bin(1.0));
    }
}
