package org.overbookd.backend.simulated;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import org.overbookd.backend.simulated.load.LoadGenerator;
import org.overbookd.random.Draws;

/**
 * Timed benchmark (not a test): what one clipped Gaussian load draw costs on this machine, on one
 * core, the floor under the simulator's load sweep. {@code sim/bench.sh scale} runs it beside the
 * Google-cell run and prints the cell's cost per VM-step as a multiple of it; {@link DrawSweepBench}
 * measures the same floor with {@link #oneStream} beside the sweep.
 *
 * <p>Two figures, both this thread's CPU time: one stream drawn in a tight loop (the "plain loop over
 * {@code nextGaussian}": the stream stays in a register, so this is the arithmetic alone), and one
 * draw from each of as many streams as the cell has running VMs, in turn (each stream's state is
 * fetched from memory, as in the simulator's sweep).
 */
public final class DrawCostBenchmark {

    private static final int ROUNDS = 7;
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    /** Where the draws' sum goes, so that the loops cannot be optimized away. */
    private static volatile double sink;

    /** Nanoseconds per draw, of wall time and of this thread's CPU time. */
    record Cost(double wallNanos, double cpuNanos) {}

    private DrawCostBenchmark() {}

    /** {@code draws} clipped Gaussian draws (mean 75, sd 15, as a noisy VM) from one stream in a tight loop. */
    static Cost oneStream(SplittableRandom random, long draws) {
        double sum = 0;
        long wall = System.nanoTime();
        long cpu = CPU.getCurrentThreadCpuTime();
        for (long i = 0; i < draws; i++) {
            sum += LoadGenerator.clip(Draws.normal(random, 75, 15));
        }
        Cost cost = new Cost(
                (System.nanoTime() - wall) / (double) draws, (CPU.getCurrentThreadCpuTime() - cpu) / (double) draws);
        sink += sum;
        return cost;
    }

    public static void main(String[] args) {
        int streams = args.length > 0 ? Integer.parseInt(args[0]) : 117_000;
        long draws = args.length > 1 ? Long.parseLong(args[1]) : 50_000_000L;
        double[] single = new double[ROUNDS];
        double[] singleWall = new double[ROUNDS];
        double[] many = new double[ROUNDS];
        SplittableRandom one = new SplittableRandom(1);
        SplittableRandom[] each = new SplittableRandom[streams];
        SplittableRandom seeds = new SplittableRandom(2);
        for (int i = 0; i < streams; i++) {
            each[i] = seeds.split();
        }
        for (int round = 0; round < ROUNDS; round++) {
            Cost cost = oneStream(one, draws);
            single[round] = cost.cpuNanos();
            singleWall[round] = cost.wallNanos();
            long sweeps = Math.max(1, draws / streams);
            double sum = 0;
            long start = CPU.getCurrentThreadCpuTime();
            for (long s = 0; s < sweeps; s++) {
                for (SplittableRandom r : each) {
                    sum += LoadGenerator.clip(Draws.normal(r, 75, 15));
                }
            }
            many[round] = (CPU.getCurrentThreadCpuTime() - start) / (double) (sweeps * streams);
            sink += sum;
        }
        // the first rounds include compilation; the median of all is robust to them
        // CPU time, which leaves out the time other processes had the core: what the simulator's CPU
        // per VM-step is divided by (wall time, beside it, is longer on a loaded machine)
        System.out.printf(
                Locale.ROOT,
                "draw cost: %.2f ns CPU per clipped Gaussian draw, one stream (median of %d x %d;" + " %.2f ns wall)%n",
                median(single),
                ROUNDS,
                draws,
                median(singleWall));
        System.out.printf(
                Locale.ROOT, "draw cost: %.2f ns CPU per draw over %d streams in turn%n", median(many), streams);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
