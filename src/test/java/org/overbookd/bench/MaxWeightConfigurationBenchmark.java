package org.overbookd.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.overbookd.policy.maxweight.ConfigurationSolver;
import org.overbookd.policy.maxweight.ExactSolver;
import org.overbookd.policy.maxweight.GreedySolver;
import org.overbookd.policy.maxweight.ServerShape;

/**
 * One r-max weight configuration for a server with 8 VM types, as Algorithm 1 computes at a
 * departure: {@code google} is a section 4.2 unit server (types 1 to 1/128, one binding resource
 * after the reductions: 129 table cells); {@code cloud} is a 64-vCPU, 512-GiB server with eight
 * instance shapes, half memory-heavy (1 vCPU / 16 GiB ... 8 vCPU / 128 GiB) and half CPU-heavy
 * (2 vCPU / 4 GiB ... 16 vCPU / 2 GiB), so that both resources bind (65 x 257 = 16,705 cells): the
 * hard case for the exact solver. Queues cycle through 64 random vectors.
 * Run with {@code sim/bench.sh maxweight}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(2)
public class MaxWeightConfigurationBenchmark {

    @Param({"google", "cloud"})
    String server;

    @Param({"exact", "greedy"})
    String solver;

    private ServerShape shape;
    private ConfigurationSolver configurationSolver;
    private final long[][] queues = new long[64][8];
    private final int[] out = new int[8];
    private int next;

    @Setup
    public void setUp() {
        if (server.equals("google")) {
            long[][] demand = new long[8][];
            for (int k = 0; k < 8; k++) {
                demand[k] = new long[] {128 >> k, 128 >> k};
            }
            shape = ServerShape.of(new long[] {128, 128}, demand);
        } else {
            shape = ServerShape.of(
                    new long[] {64, 512},
                    new long[][] {{1, 16}, {2, 4}, {2, 32}, {4, 8}, {4, 64}, {8, 16}, {8, 128}, {16, 2}});
        }
        if (shape.dimensions() != (server.equals("google") ? 1 : 2)) {
            throw new IllegalStateException("unexpected reduction: " + shape.dimensions() + " resources");
        }
        configurationSolver = solver.equals("exact") ? new ExactSolver() : new GreedySolver();
        SplittableRandom random = new SplittableRandom(42);
        for (long[] q : queues) {
            for (int j = 0; j < q.length; j++) {
                q[j] = random.nextInt(4) == 0 ? 0 : random.nextLong(10_000);
            }
        }
    }

    @Benchmark
    public long rMaxConfiguration() {
        long[] q = queues[next++ & 63];
        return configurationSolver.solve(shape, q, out);
    }
}
