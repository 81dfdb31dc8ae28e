package org.overbookd.random;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Timed benchmark (not a test): what one clipped Gaussian load draw costs on this machine, on one
 * core, the floor under the simulator's load sweep. {@code sim/bench.sh scale} runs it beside the
 * Google-cell run and prints the cell's cost per VM-step as a multiple of it.
 *
 * <p>Two figures: one stream drawn in a tight loop (the "plain loop over
 * {@code nextGaussian}": the stream stays in a register, so this is the arithmetic alone), and one
 * draw from each of as many streams as the cell has running VMs, in turn (each stream's state is
 * fetched from memory, as in the simulator's sweep).
 */
public final class DrawCostBenchmark {

    private static final int ROUNDS = 7;

    private DrawCostBenchmark() {
    }

    public static void main(String[] args) {
        int streams = args.length > 0 ? Integer.parseInt(args[0]) : 117_000;
        long draws = args.length > 1 ? Long.parseLong(args[1]) : 50_000_000L;
        double sink = 0;
        double[] single = new double[ROUNDS];
        double[] many = new double[ROUNDS];
        SplittableRandom one = new SplittableRandom(1);
        SplittableRandom[] each = new SplittableRandom[streams];
        SplittableRandom seeds = new SplittableRandom(2);
        for (int i = 0; i < streams; i++) {
            each[i] = seeds.split();
        }
        for (int round = 0; round < ROUNDS; round++) {
            long start = System.nanoTime();
            for (long i = 0; i < draws; i++) {
                sink += clip(Draws.normal(one, 75, 15));
            }
            single[round] = (System.nanoTime() - start) / (double) draws;
            long sweeps = Math.max(1, draws / streams);
            start = System.nanoTime();
            for (long s = 0; s < sweeps; s++) {
                for (SplittableRandom r : each) {
                    sink += clip(Draws.normal(r, 75, 15));
                }
            }
            many[round] = (System.nanoTime() - start) / (double) (sweeps * streams);
        }
        // the first rounds include compilation; the median of all is robust to them
        System.out.printf(Locale.ROOT, "draw cost: %.2f ns per clipped Gaussian draw, one stream (median of %d x %d)%n",
                median(single), ROUNDS, draws);
        System.out.printf(Locale.ROOT, "draw cost: %.2f ns per draw over %d streams in turn%n", median(many), streams);
        if (sink == 42) {
            System.out.println(); // keeps the loops from being optimized away
        }
    }

    private static double clip(double percent) {
        return percent < 0 ? 0 : Math.min(percent, 100);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
