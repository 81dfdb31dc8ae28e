package org.overbookd.backend.simulated;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import org.overbookd.backend.simulated.flat.HotState;
import org.overbookd.backend.simulated.flat.LoadDrawer;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;

/**
 * A scripted micro-benchmark, not a test: nanoseconds per VM-step of the load draw sweep over a
 * synthetic world (the Google cell's 12,500 octacore hosts by default, high-QoS VMs only), against
 * nanoseconds per bare clipped Gaussian from one SplittableRandom ({@link DrawCostBenchmark#oneStream}), the
 * floor the sweep cannot go under.
 *
 * <p>In this package because the flat state is package-private. Run it on the test classpath
 * (sim/bench.sh's {@code test_classpath}): {@code java -cp CLASSPATH
 * org.overbookd.backend.simulated.DrawSweepBench [hosts] [sweeps] [threads] [MIXED|NOISY|SPIKY|BUSINESS]}
 * (the last, the high-QoS VMs' patterns: the paper's mix by default); it prints three rounds,
 * the first with the JIT still warming up. Not run by the test suite (no test in it).
 */
public final class DrawSweepBench {

    private DrawSweepBench() {}

    public static void main(String[] args) {
        int hosts = args.length > 0 ? Integer.parseInt(args[0]) : 12_500;
        int sweeps = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        Settings s = Settings.defaults().with(Options.SIM_NODES, hosts).with(Options.SIM_CORES, 8);
        if (args.length > 3) { // one pattern for every VM, to see what each kind of draw costs
            s = s.with(Options.SIM_HIGH_PATTERNS, SyntheticWorkload.PatternMix.valueOf(args[3]));
        }
        WorldSpec spec = SimBindings.simConfig(s).world();
        VirtualClock clock = new VirtualClock(Instant.parse("2024-01-01T00:00:00Z"));
        World world = new World(spec);
        HotState hot = SimHost.flatState(world.hostArray(), spec.operationLoad());
        // the caller draws too, as the simulation's thread does
        ForkJoinPool pool = threads > 1 ? new ForkJoinPool(threads - 1) : null;
        LoadDrawer drawer = new LoadDrawer(hot, pool);
        new Lifecycle(spec, clock, world, hot, new VmFactory(spec, clock), new Tally(), drawer).start();
        long vms = (long) hosts * 8;
        OperatingSystemMXBean process = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        for (int round = 0; round < 3; round++) {
            long t0 = System.nanoTime();
            // the process's CPU time: with more than one thread the pool's share counts too (and the
            // JIT's and the collector's, which a run of the simulator pays as well)
            long c0 = process.getProcessCpuTime();
            for (int i = 1; i <= sweeps; i++) {
                drawer.draw((round * sweeps + i) * 300L);
            }
            double sweep = (System.nanoTime() - t0) / (double) (sweeps * vms);
            double sweepCpu = (process.getProcessCpuTime() - c0) / (double) (sweeps * vms);

            DrawCostBenchmark.Cost bare = DrawCostBenchmark.oneStream(new SplittableRandom(round), sweeps * vms);
            // CPU over CPU: CPU time leaves out the time other processes had the core
            System.out.printf(
                    "round %d: sweep %.2f ns CPU per VM-step (%d threads; %.2f ns wall), bare clipped Gaussian"
                            + " %.2f ns CPU (%.2f ns wall): %.2f x the draw's CPU%n",
                    round, sweepCpu, threads, sweep, bare.cpuNanos(), bare.wallNanos(), sweepCpu / bare.cpuNanos());
        }
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
