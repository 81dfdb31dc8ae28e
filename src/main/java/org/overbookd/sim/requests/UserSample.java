package org.overbookd.sim.requests;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.overbookd.random.Seeds;
import org.overbookd.stats.KMeans;
import org.overbookd.stats.Sample;

/**
 * Section 4.2's workload samples: the users grouped by k-means on, for each user, the number of
 * requests it submitted and the variances of their CPU demand, memory demand and duration (each
 * feature as the logarithm of one plus it, then standardised, since they differ by orders of
 * magnitude: the paper does not say how it scaled them), and a sample made of a random 10% of the
 * users of each group (at least one), with all their requests.
 */
public final class UserSample {

    static final long ROLE = 0x53414d50L;

    private UserSample() {}

    /** Each user's features: requests, and the variances of CPU, memory and duration. */
    static double[] features(List<RequestSpec> requests) {
        double[] cpu = requests.stream().mapToDouble(RequestSpec::cpu).toArray();
        double[] mem = requests.stream().mapToDouble(RequestSpec::mem).toArray();
        double[] duration =
                requests.stream().mapToDouble(RequestSpec::durationS).toArray();
        return new double[] {requests.size(), variance(cpu), variance(mem), variance(duration)};
    }

    private static double variance(double[] v) {
        if (v.length < 2) {
            return 0;
        }
        double mean = Sample.of(v).mean(0);
        double s = 0;
        for (double x : v) {
            s += (x - mean) * (x - mean);
        }
        return s / (v.length - 1);
    }

    /** The users' groups, 0 to at most k - 1, by k-means on their features; the clustering's own stream of the seed. */
    public static int[] groups(List<List<RequestSpec>> users, int k, long seed) {
        double[][] points = new double[users.size()][];
        for (int u = 0; u < points.length; u++) {
            double[] f = features(users.get(u));
            for (int j = 0; j < f.length; j++) {
                // a variance of normalised demands is tiny, of durations huge: scale each before the logarithm
                f[j] = StrictMath.log1p(f[j] * SCALE[j]);
            }
            points[u] = f;
        }
        return KMeans.groups(KMeans.standardized(points), k, Seeds.stream(seed, ROLE, 0));
    }

    /** Requests, and variances of normalised CPU and memory (times 10^4) and of seconds (per hour squared). */
    private static final double[] SCALE = {1, 1e4, 1e4, 1.0 / (3600.0 * 3600.0)};

    /**
     * Sample {@code index}: from each group, a random {@code share} of its users (rounded, at least
     * one), in user order.
     */
    public static List<Integer> users(int[] groups, double share, long seed, int index) {
        int k = 0;
        for (int g : groups) {
            k = Math.max(k, g + 1);
        }
        SplittableRandom r = Seeds.stream(seed, ROLE, 1, index);
        List<Integer> chosen = new ArrayList<>();
        for (int g = 0; g < k; g++) {
            List<Integer> members = new ArrayList<>();
            for (int u = 0; u < groups.length; u++) {
                if (groups[u] == g) {
                    members.add(u);
                }
            }
            int take = Math.max(1, (int) Math.round(share * members.size()));
            // a partial Fisher-Yates shuffle: the first take of a random order
            for (int i = 0; i < take; i++) {
                int j = i + r.nextInt(members.size() - i);
                Integer swap = members.get(i);
                members.set(i, members.get(j));
                members.set(j, swap);
            }
            chosen.addAll(members.subList(0, take));
        }
        chosen.sort(Comparator.naturalOrder());
        return chosen;
    }

    /** The chosen users' requests, by submit time (ties in user order, then each user's order). */
    public static List<RequestSpec> requests(List<List<RequestSpec>> users, List<Integer> chosen) {
        List<RequestSpec> all = new ArrayList<>();
        for (int u : chosen) {
            all.addAll(users.get(u));
        }
        all.sort(Comparator.comparingDouble(RequestSpec::submitS));
        return all;
    }
}
