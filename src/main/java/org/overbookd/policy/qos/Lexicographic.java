package org.overbookd.policy.qos;

/** Eq. 9: S < S' when at the first position where they differ, S holds the smaller value. */
public final class Lexicographic {

    private Lexicographic() {}

    public static int compare(double[] a, double[] b) {
        int n = Math.min(a.length, b.length);
        for (int i = 0; i < n; i++) {
            int cmp = Double.compare(a[i], b[i]);
            if (cmp != 0) {
                return cmp;
            }
        }
        return Integer.compare(a.length, b.length);
    }
}
