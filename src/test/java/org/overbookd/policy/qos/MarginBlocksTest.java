package org.overbookd.policy.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A block's bound of P_h+'s sum is at least what any of its hosts may sum by its own count of victims
 * (the count of {@link HostTable#hostPositiveMarginBound}), whatever the order the hosts were included in.
 */
class MarginBlocksTest {

    private static final int TOP = HostTable.TOP;

    /** One host as the blocks see it: the sums of its 1..TOP largest bounds, its third, its excess and least. */
    private record Host(double[] sums, double third, double overCpu, double leastCpu, double overMem, double leastMem) {

        /** The host's own bound for a request of this demand, counted as HostTable counts it. */
        double bound(double cpu, double mem) {
            double missing = Math.max((overCpu + cpu) / leastCpu, (overMem + mem) / leastMem);
            if (!(missing < 1 << 20)) {
                return Double.POSITIVE_INFINITY;
            }
            double victims = 1 + Math.floor(Math.max(0, missing) * (1 + 1e-9) + 1e-9);
            return victims <= TOP ? sums[(int) victims - 1] : sums[TOP - 1] + (victims - TOP) * third;
        }
    }

    private static Host host(SplittableRandom r) {
        double[] top = new double[TOP];
        for (int k = 0; k < TOP; k++) {
            top[k] = r.nextInt(4) == 0 ? 0 : r.nextDouble(0, 10);
        }
        java.util.Arrays.sort(top); // ascending: the largest last
        double[] sums = new double[TOP];
        double sum = 0;
        for (int k = 0; k < TOP; k++) {
            sum += top[TOP - 1 - k];
            sums[k] = sum;
        }
        double leastCpu = r.nextInt(10) == 0 ? 0 : r.nextDouble(0.1, 4);
        double leastMem = r.nextDouble(0.1, 4);
        // used minus capacity: mostly room left (negative), sometimes over
        return new Host(sums, top[0], r.nextDouble(-12, 2), leastCpu, r.nextDouble(-12, 2), leastMem);
    }

    @Test
    void aBlocksBoundCoversEveryHostsOwnWhateverTheOrderOfInclusion() {
        SplittableRandom r = new SplittableRandom(34);
        int shift = 3; // blocks of 8 hosts
        int blocks = 40;
        MarginBlocks marginBlocks = new MarginBlocks(shift);
        marginBlocks.resize(blocks << shift);
        Host[] hosts = new Host[blocks << shift];
        for (int b = 0; b < blocks; b++) {
            marginBlocks.reset(b);
            for (int o = b << shift; o < (b + 1) << shift; o++) {
                if (r.nextInt(5) == 0) {
                    continue; // holds nothing: not included
                }
                Host h = host(r);
                hosts[o] = h;
                marginBlocks.include(o, h.sums(), h.third(), h.overCpu(), h.leastCpu(), h.overMem(), h.leastMem());
            }
        }
        int tight = 0;
        for (int query = 0; query < 4_000; query++) {
            int b = r.nextInt(blocks);
            double cpu = r.nextDouble(0, 16);
            double mem = r.nextDouble(0, 16);
            double most = 0;
            boolean any = false;
            for (int o = b << shift; o < (b + 1) << shift; o++) {
                if (hosts[o] != null) {
                    any = true;
                    most = Math.max(most, hosts[o].bound(cpu, mem));
                }
            }
            double bound = marginBlocks.bound(b, cpu, mem);
            assertTrue(bound >= most, "block " + b + " at (" + cpu + ", " + mem + "): " + bound + " < " + most);
            if (any && bound == most) {
                tight++;
            }
        }
        // the bound is not merely large: it meets the best host's own bound often (counted per host,
        // not from one host's shortfall and another's smallest resident)
        assertTrue(tight > 1_000, tight + " of 4,000 bounds met the best host's own");
    }

    @Test
    void aBlockHoldingNothingBoundsZeroAndANaNDemandBoundsNothing() {
        MarginBlocks blocks = new MarginBlocks(3);
        blocks.resize(16);
        assertEquals(0, blocks.bound(1, 1, 1));
        Host h = host(new SplittableRandom(1));
        blocks.include(2, h.sums(), h.third(), h.overCpu(), h.leastCpu(), h.overMem(), h.leastMem());
        assertEquals(Double.POSITIVE_INFINITY, blocks.bound(0, Double.NaN, 1));
        assertEquals(0, blocks.bound(1, 1, 1));
    }
}
