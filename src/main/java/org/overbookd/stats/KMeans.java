package org.overbookd.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * k-means clustering of points in R^d (Lloyd's algorithm from a k-means++ start): each point to its
 * nearest centre by squared Euclidean distance, each centre to the mean of its points, until no point
 * moves. The start draws from the random stream given, so the same points and stream give the same
 * groups; ties go to the lower-numbered centre. Points are taken as given: scale them first when
 * their coordinates have different units.
 */
public final class KMeans {

    private KMeans() {}

    /**
     * The group of each point, 0 to k - 1, numbered by the first point of each group (so the
     * numbering depends on the points, not on the start).
     *
     * @throws IllegalArgumentException for k below 1 or above the number of points, or points of
     *                                  different dimensions
     */
    public static int[] groups(double[][] points, int k, SplittableRandom random) {
        int n = points.length;
        if (k < 1 || k > n) {
            throw new IllegalArgumentException("k must be 1 to the number of points (" + n + "), not " + k);
        }
        int d = points[0].length;
        for (double[] p : points) {
            if (p.length != d) {
                throw new IllegalArgumentException("points of different dimensions");
            }
        }
        double[][] centres = start(points, k, random);
        int[] group = new int[n];
        Arrays.fill(group, -1);
        for (int iteration = 0; iteration < 1000; iteration++) {
            boolean moved = false;
            for (int i = 0; i < n; i++) {
                int best = nearest(points[i], centres);
                if (best != group[i]) {
                    group[i] = best;
                    moved = true;
                }
            }
            if (!moved) {
                break;
            }
            double[][] sums = new double[k][d];
            int[] counts = new int[k];
            for (int i = 0; i < n; i++) {
                counts[group[i]]++;
                for (int j = 0; j < d; j++) {
                    sums[group[i]][j] += points[i][j];
                }
            }
            for (int c = 0; c < k; c++) {
                // an emptied centre stays where it was
                if (counts[c] > 0) {
                    for (int j = 0; j < d; j++) {
                        centres[c][j] = sums[c][j] / counts[c];
                    }
                }
            }
        }
        return renumbered(group, k);
    }

    /** k-means++: the first centre a random point, each next one a point drawn in proportion to its squared distance. */
    private static double[][] start(double[][] points, int k, SplittableRandom random) {
        int n = points.length;
        double[][] centres = new double[k][];
        centres[0] = points[random.nextInt(n)].clone();
        double[] distance = new double[n];
        for (int c = 1; c < k; c++) {
            double total = 0;
            for (int i = 0; i < n; i++) {
                distance[i] = squared(points[i], centres[nearest(points[i], Arrays.copyOf(centres, c))]);
                total += distance[i];
            }
            int chosen = n - 1;
            if (total > 0) {
                double u = random.nextDouble() * total;
                for (int i = 0; i < n; i++) {
                    u -= distance[i];
                    if (u < 0) {
                        chosen = i;
                        break;
                    }
                }
            } else {
                chosen = random.nextInt(n);
            }
            centres[c] = points[chosen].clone();
        }
        return centres;
    }

    private static int nearest(double[] p, double[][] centres) {
        int best = 0;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int c = 0; c < centres.length; c++) {
            double dist = squared(p, centres[c]);
            if (dist < bestDistance) {
                bestDistance = dist;
                best = c;
            }
        }
        return best;
    }

    private static double squared(double[] a, double[] b) {
        double s = 0;
        for (int j = 0; j < a.length; j++) {
            double x = a[j] - b[j];
            s += x * x;
        }
        return s;
    }

    private static int[] renumbered(int[] group, int k) {
        int[] name = new int[k];
        Arrays.fill(name, -1);
        int next = 0;
        int[] out = new int[group.length];
        for (int i = 0; i < group.length; i++) {
            if (name[group[i]] < 0) {
                name[group[i]] = next++;
            }
            out[i] = name[group[i]];
        }
        return out;
    }

    /** Each column scaled to mean 0 and standard deviation 1 (a constant column to 0), on a copy. */
    public static double[][] standardized(double[][] points) {
        int n = points.length;
        int d = points[0].length;
        double[][] out = new double[n][d];
        for (int j = 0; j < d; j++) {
            double mean = 0;
            for (double[] p : points) {
                mean += p[j];
            }
            mean /= n;
            double var = 0;
            for (double[] p : points) {
                var += (p[j] - mean) * (p[j] - mean);
            }
            double sd = StrictMath.sqrt(var / n);
            for (int i = 0; i < n; i++) {
                out[i][j] = sd == 0 ? 0 : (points[i][j] - mean) / sd;
            }
        }
        return out;
    }
}
