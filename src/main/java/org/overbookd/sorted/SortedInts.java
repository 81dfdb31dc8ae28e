package org.overbookd.sorted;

import java.util.Arrays;

/** Ascending arrays of ints without repeats, as sets: what a scan keeps of the positions it must look at again. */
public final class SortedInts {

    private SortedInts() {}

    /**
     * The union of two ascending arrays, ascending, without repeats (each may hold repeats; the
     * union holds none), in one pass over both.
     */
    public static int[] union(int[] a, int[] b) {
        int[] out = new int[a.length + b.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length || j < b.length) {
            int next = j == b.length || i < a.length && a[i] <= b[j] ? a[i++] : b[j++];
            if (n == 0 || out[n - 1] != next) {
                out[n++] = next;
            }
        }
        return Arrays.copyOf(out, n);
    }
}
