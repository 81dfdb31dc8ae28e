package org.overbookd.bench;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;

/**
 * The exact QoS-driven pass of {@link SchedulingPassBenchmark} (12,500 hosts, 150,000 running, 5,000
 * pending, the cluster kept) timed by the process's CPU as well as the wall clock: on a shared
 * machine the wall time of a pass that runs on two cores says more about the neighbours than about
 * the pass. Each pass gets the benchmark's fresh cluster (built outside the timing). Prints the
 * medians and ranges and the number of allocations (the same in every run of one build). Run with
 * {@code sim/bench.sh pass-cpu [WARMUPS] [PASSES]}.
 */
public final class SchedulingPassCpu {

    private SchedulingPassCpu() {}

    public static void main(String[] args) {
        int warmups = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int passes = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        SchedulingPassBenchmark b = new SchedulingPassBenchmark();
        b.policy = "qos";
        b.hostsToScore = 0;
        b.failuresInARow = 100;
        b.hosts = 12_500;
        b.cluster = "kept";
        b.setUp();
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        double[] wall = new double[passes];
        double[] cpu = new double[passes];
        int allocations = 0;
        for (int i = 0; i < warmups + passes; i++) {
            b.keepCluster();
            long cpuBefore = os.getProcessCpuTime();
            long wallBefore = System.nanoTime();
            List<?> placed = b.pass();
            long wallAfter = System.nanoTime();
            long cpuAfter = os.getProcessCpuTime();
            allocations = placed.size();
            if (i >= warmups) {
                wall[i - warmups] = (wallAfter - wallBefore) / 1e9;
                cpu[i - warmups] = (cpuAfter - cpuBefore) / 1e9;
            }
        }
        Arrays.sort(wall);
        Arrays.sort(cpu);
        System.out.printf(
                "exact QoS pass, %d passes after %d: CPU median %.3f s (%.3f-%.3f), wall median %.3f s (%.3f-%.3f), %d allocations%n",
                passes,
                warmups,
                cpu[passes / 2],
                cpu[0],
                cpu[passes - 1],
                wall[passes / 2],
                wall[0],
                wall[passes - 1],
                allocations);
    }
}
