package org.overbookd.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KMeansTest {

    /** Three tight clouds far apart: k-means with k = 3 finds them, whatever the start. */
    @Test
    void findsWellSeparatedGroups() {
        SplittableRandom r = new SplittableRandom(5);
        double[][] centres = {{0, 0}, {10, 0}, {0, 10}};
        double[][] points = new double[90][];
        for (int i = 0; i < points.length; i++) {
            double[] c = centres[i % 3];
            points[i] = new double[] {c[0] + r.nextDouble() - 0.5, c[1] + r.nextDouble() - 0.5};
        }
        for (long seed = 1; seed <= 5; seed++) {
            int[] g = KMeans.groups(points, 3, new SplittableRandom(seed));
            // numbered by first point: points 0, 1, 2 open groups 0, 1, 2, and every point joins its cloud's
            for (int i = 0; i < points.length; i++) {
                assertEquals(i % 3, g[i], "point " + i + ", start " + seed);
            }
        }
    }

    @Test
    void theSameStreamGivesTheSameGroups() {
        SplittableRandom r = new SplittableRandom(9);
        double[][] points = new double[200][];
        for (int i = 0; i < points.length; i++) {
            points[i] = new double[] {r.nextGaussian(), r.nextGaussian(), r.nextGaussian()};
        }
        int[] a = KMeans.groups(points, 6, new SplittableRandom(1));
        assertArrayEquals(a, KMeans.groups(points, 6, new SplittableRandom(1)));
        assertNotEquals(0, java.util.Arrays.stream(a).max().getAsInt(), "more than one group");
    }

    @Test
    void standardizedColumnsHaveMeanZeroAndUnitSpread() {
        double[][] s = KMeans.standardized(new double[][] {{1, 100, 5}, {3, 300, 5}});
        assertArrayEquals(new double[] {-1, -1, 0}, s[0], 1e-12);
        assertArrayEquals(new double[] {1, 1, 0}, s[1], 1e-12);
        assertThrows(
                IllegalArgumentException.class, () -> KMeans.groups(new double[][] {{1}}, 2, new SplittableRandom(1)));
    }
}
