package org.overbookd.policy.maxweight;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ConfigurationSolverTest {

    /** A random instance: R resources, J types, small capacities so brute force is quick. */
    private record Instance(long[] capacity, long[][] demand, long[] queues) {
        static Instance random(SplittableRandom rnd) {
            int resources = 1 + rnd.nextInt(3);
            int types = 1 + rnd.nextInt(6);
            long[] capacity = new long[resources];
            for (int r = 0; r < resources; r++) {
                capacity[r] = 1 + rnd.nextInt(10);
            }
            long[][] demand = new long[types][resources];
            long[] queues = new long[types];
            for (int j = 0; j < types; j++) {
                long total = 0;
                for (int r = 0; r < resources; r++) {
                    demand[j][r] = rnd.nextInt(4) == 0 ? 0 : rnd.nextLong(capacity[r] + 2);
                    total += demand[j][r];
                }
                if (total == 0) {
                    demand[j][0] = 1;
                }
                queues[j] = rnd.nextInt(3) == 0 ? 0 : rnd.nextLong(50);
            }
            return new Instance(capacity, demand, queues);
        }

        ServerShape shape() {
            return ServerShape.of(capacity, demand);
        }

        boolean feasible(int[] k) {
            for (int r = 0; r < capacity.length; r++) {
                long use = 0;
                for (int j = 0; j < k.length; j++) {
                    use += k[j] * demand[j][r];
                }
                if (use > capacity[r]) {
                    return false;
                }
            }
            return true;
        }

        /** The best weight over every feasible configuration, by enumeration. */
        long bruteForce() {
            return search(0, new int[demand.length]);
        }

        private long search(int type, int[] k) {
            if (type == k.length) {
                return feasible(k) ? ServerShape.weight(k, queues) : -1;
            }
            long best = -1;
            // every type needs something, so the loop ends
            for (k[type] = 0; feasible(k); k[type]++) {
                best = Math.max(best, search(type + 1, k));
            }
            k[type] = 0;
            return best;
        }
    }

    @Test
    void exactSolverAgreesWithBruteForceOnSmallInstances() {
        SplittableRandom rnd = new SplittableRandom(20240601);
        ExactSolver exact = new ExactSolver();
        for (int i = 0; i < 1000; i++) {
            Instance in = Instance.random(rnd);
            int[] k = new int[in.demand().length];
            long weight = exact.solve(in.shape(), in.queues(), k);
            assertTrue(in.feasible(k), "instance " + i);
            assertEquals(ServerShape.weight(k, in.queues()), weight, "instance " + i);
            assertEquals(in.bruteForce(), weight, "instance " + i);
        }
    }

    /**
     * The property the docs state: the greedy configuration weighs at least r = 1/(2R) of the best,
     * R the resources left after the reductions; it is feasible, never above the exact one, and the
     * cheap upper bound Algorithm 1 tests first is never below the exact one.
     */
    @Test
    void greedyIsNeverBelowItsStatedRatioOfTheExactSolver() {
        SplittableRandom rnd = new SplittableRandom(7);
        ExactSolver exact = new ExactSolver();
        GreedySolver greedy = new GreedySolver();
        double worst = 1;
        for (int i = 0; i < 5000; i++) {
            Instance in = Instance.random(rnd);
            ServerShape shape = in.shape();
            int[] k = new int[in.demand().length];
            long best = exact.solve(shape, in.queues(), k);
            long got = greedy.solve(shape, in.queues(), k);
            assertTrue(in.feasible(k), "instance " + i);
            assertEquals(ServerShape.weight(k, in.queues()), got);
            assertTrue(got <= best);
            assertTrue(
                    got >= greedy.ratio(shape) * best,
                    "instance " + i + ": greedy " + got + " < " + greedy.ratio(shape) + " x " + best);
            assertTrue(shape.upperBound(in.queues()) >= best * (1 - 1e-12), "instance " + i);
            if (best > 0) {
                worst = Math.min(worst, (double) got / best);
            }
        }
        // the instances must reach into the range where the bound matters, or the test proves little
        assertTrue(worst < 0.8, "worst greedy/exact ratio seen " + worst);
    }

    /** When every size divides the capacity (Example 2, section 4.2) the greedy fill is optimal. */
    @Test
    void solversAgreeOnDivisibleSizes() {
        SplittableRandom rnd = new SplittableRandom(3);
        long[][] demand = {{1, 1}, {2, 2}, {4, 4}, {8, 8}, {16, 16}, {32, 32}, {64, 64}, {128, 128}};
        ServerShape shape = ServerShape.of(new long[] {128, 128}, demand);
        assertEquals(1, shape.dimensions(), "memory equals CPU, so one resource is dropped");
        assertEquals(129, shape.dpStates());
        int[] a = new int[8];
        int[] b = new int[8];
        for (int i = 0; i < 500; i++) {
            long[] q = new long[8];
            for (int j = 0; j < 8; j++) {
                q[j] = rnd.nextInt(4) == 0 ? 0 : rnd.nextLong(1000);
            }
            assertEquals(new ExactSolver().solve(shape, q, a), new GreedySolver().solve(shape, q, b), "queues " + i);
        }
    }

    @Test
    void reductionsDivideByTheGcdAndDropDominatedResources() {
        // memory in MiB, VMs in multiples of 2 GiB: 33 values of memory instead of 65,537
        ServerShape shape = ServerShape.of(new long[] {16, 65536}, new long[][] {{1, 8192}, {4, 2048}});
        assertEquals(2, shape.dimensions(), "each type binds on a different resource");
        assertEquals(17 * 33, shape.dpStates());
        int[] k = new int[2];
        assertEquals(8 * 5, new ExactSolver().solve(shape, new long[] {5, 1}, k));
        assertArrayEquals(new int[] {8, 0}, k);
        // CPU binds first for every type: memory is dropped and the problem is one-dimensional
        ServerShape cpuBound = ServerShape.of(new long[] {16, 65536}, new long[][] {{1, 4096}, {4, 2048}});
        assertEquals(1, cpuBound.dimensions());
        assertEquals(17, cpuBound.dpStates());
    }

    @Test
    void paddingFillsTheRoomAnEmptyQueueLeaves() {
        ServerShape example1 = ServerShape.of(new long[] {6}, new long[][] {{4}, {1}});
        long[] empty = {0, 0};
        int[] k = new int[2];
        new ExactSolver().solve(example1, empty, k);
        assertArrayEquals(new int[] {0, 0}, k);
        Padding.LARGEST_FIRST.fill(example1, empty, k);
        assertArrayEquals(new int[] {1, 2}, k);
        k = new int[2];
        Padding.SMALLEST_FIRST.fill(example1, empty, k);
        assertArrayEquals(new int[] {0, 6}, k);
        // padding never changes the weight: with a large queue only, the small slots are padding
        long[] largeOnly = {3, 0};
        k = new int[2];
        long w = new ExactSolver().solve(example1, largeOnly, k);
        Padding.LARGEST_FIRST.fill(example1, largeOnly, k);
        assertArrayEquals(new int[] {1, 2}, k);
        assertEquals(w, ServerShape.weight(k, largeOnly));
    }
}
