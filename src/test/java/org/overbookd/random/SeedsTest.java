package org.overbookd.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Per-source random streams derived from a fixed master seed and the source's role and identity.
 * Distinctness checks rely on 64-bit first values: among m distinct streams a chance collision has
 * probability about m^2 / 2^65 (< 1e-10 for m = 10^4), so any collision is a derivation defect.
 */
class SeedsTest {

    private static final long MASTER = 0x5EED0001L;

    @Test
    void sameInputsGiveTheSameStream() {
        SplittableRandom a = Seeds.stream(MASTER, Seeds.HIGH_QOS, 17, 3);
        SplittableRandom b = Seeds.stream(MASTER, Seeds.HIGH_QOS, 17, 3);
        for (int i = 0; i < 1_000; i++) {
            assertEquals(a.nextLong(), b.nextLong(), "draw " + i + " differs for identical inputs");
        }
    }

    @Test
    void differentIdentitiesGiveDifferentFirstValues() {
        // the (slot, generation) identities the simulator uses for high-QoS VMs
        Set<Long> first = new HashSet<>();
        for (long slot = 0; slot < 400; slot++) {
            for (long generation = 0; generation < 25; generation++) {
                long v = Seeds.stream(MASTER, Seeds.HIGH_QOS, slot, generation).nextLong();
                assertEquals(true, first.add(v), "collision at slot " + slot + " generation " + generation);
            }
        }
        // order and length of the identity matter
        assertNotEquals(
                Seeds.stream(MASTER, Seeds.HIGH_QOS, 1, 2).nextLong(),
                Seeds.stream(MASTER, Seeds.HIGH_QOS, 2, 1).nextLong(),
                "(1, 2) vs (2, 1)");
        assertNotEquals(
                Seeds.stream(MASTER, Seeds.HIGH_QOS, 5).nextLong(),
                Seeds.stream(MASTER, Seeds.HIGH_QOS, 5, 0).nextLong(),
                "(5) vs (5, 0)");
    }

    @Test
    void differentRolesAndMastersGiveDifferentFirstValues() {
        for (long id = 0; id < 1_000; id++) {
            assertNotEquals(
                    Seeds.stream(MASTER, Seeds.HIGH_QOS, id).nextLong(),
                    Seeds.stream(MASTER, Seeds.LOW_QOS, id).nextLong(),
                    "high and low QoS share a stream for " + id);
        }
        Set<Long> first = new HashSet<>();
        for (long role = 0; role < 1_000; role++) {
            assertEquals(true, first.add(Seeds.stream(MASTER, role, 0).nextLong()), "collision for role " + role);
        }
        for (long master = 0; master < 1_000; master++) {
            assertEquals(
                    true,
                    first.add(Seeds.stream(master, Seeds.LOW_QOS, 0).nextLong()),
                    "collision for master " + master);
        }
    }

    @Test
    void streamsDoNotDependOnCreationOrder() {
        SplittableRandom a1 = Seeds.stream(MASTER, Seeds.LOW_QOS, 1);
        SplittableRandom b1 = Seeds.stream(MASTER, Seeds.LOW_QOS, 2);
        long[] aFirst = new long[50];
        long[] bFirst = new long[50];
        for (int i = 0; i < 50; i++) {
            aFirst[i] = a1.nextLong();
            bFirst[i] = b1.nextLong();
        }
        // the other order, with unrelated streams created and consumed in between
        SplittableRandom b2 = Seeds.stream(MASTER, Seeds.LOW_QOS, 2);
        for (int i = 0; i < 100; i++) {
            Seeds.stream(MASTER, Seeds.HIGH_QOS, i, 0).nextLong();
        }
        SplittableRandom a2 = Seeds.stream(MASTER, Seeds.LOW_QOS, 1);
        for (int i = 0; i < 50; i++) {
            assertEquals(bFirst[i], b2.nextLong(), "stream 2 changed with creation order at draw " + i);
        }
        for (int i = 0; i < 50; i++) {
            assertEquals(aFirst[i], a2.nextLong(), "stream 1 changed with creation order at draw " + i);
        }
    }

    @Test
    void neighbouringIdentitiesAreUncorrelated() {
        // First doubles of the streams for identities 0..n-1: they must look like n independent U(0, 1).
        int n = 20_000;
        double[] u = new double[n];
        double sum = 0;
        for (int id = 0; id < n; id++) {
            u[id] = Seeds.stream(MASTER, Seeds.LOW_QOS, id).nextDouble();
            sum += u[id];
        }
        // mean of U(0, 1) is 1/2 with sd sqrt(1/12): 5 se = 5 sqrt(1 / (12 n)) = 0.010
        assertEquals(0.5, sum / n, 5 * Math.sqrt(1.0 / (12 * n)), "mean of first values");
        // lag-1 sample correlation of independent values has se ~ 1 / sqrt(n): 5 se = 0.035
        double mean = sum / n;
        double cov = 0;
        double var = 0;
        for (int id = 0; id < n; id++) {
            var += (u[id] - mean) * (u[id] - mean);
            if (id + 1 < n) {
                cov += (u[id] - mean) * (u[id + 1] - mean);
            }
        }
        assertEquals(0, cov / var, 5 / Math.sqrt(n), "correlation between identities id and id + 1");
    }
}
