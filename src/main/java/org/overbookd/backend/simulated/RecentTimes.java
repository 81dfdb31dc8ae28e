package org.overbookd.backend.simulated;

import java.util.Arrays;

/**
 * The seconds (of the virtual clock) at which one VM or host was acted on lately, oldest first:
 * what the live guards ask of the view ("how often since then?"). Each addition drops the times
 * older than the window it is made with, so a VM suspended every step for a month holds a day of
 * them, not a month. Made only for a VM or host that is acted on at all.
 *
 * <p>The times are one {@code long[]}, owned by the VM or host, whose first two elements are where
 * the kept times start and end: an object holding the bounds and an array beside it were two
 * cache misses at each suspension (a VM's and its host's: some 6.6 million in a Google cell's 29
 * days, the step's largest cost outside the policy and the draws), this is one.
 */
final class RecentTimes {

    private static final int FIRST = 0;
    private static final int END = 1;
    private static final int HEADER = 2;
    /** Room for four times with the header: 48 bytes, one cache line with the array's own header. */
    private static final int FIRST_LENGTH = HEADER + 4;

    private RecentTimes() {}

    /**
     * Adds {@code second} (no earlier than the last added) to {@code times} (null when none were
     * kept yet) after dropping the times before {@code second - window}; returns the times kept,
     * the same array or a new one.
     */
    static long[] add(long[] times, long second, long window) {
        if (times == null) {
            times = new long[FIRST_LENGTH];
            times[FIRST] = HEADER;
            times[END] = HEADER;
        }
        long from = second - window;
        int first = (int) times[FIRST];
        int end = (int) times[END];
        while (first < end && times[first] < from) {
            first++;
        }
        if (end == times.length) {
            int kept = end - first;
            long[] next = kept * 2 >= times.length - HEADER ? new long[HEADER + (times.length - HEADER) * 2] : times;
            System.arraycopy(times, first, next, HEADER, kept);
            times = next;
            first = HEADER;
            end = HEADER + kept;
        }
        times[end++] = second;
        times[FIRST] = first;
        times[END] = end;
        return times;
    }

    /** How many times {@code times} keeps (none when it is null): after an {@link #add}, the events in the window that ends with it. */
    static int count(long[] times) {
        return times == null ? 0 : (int) (times[END] - times[FIRST]);
    }

    /** How many of {@code times} (none when it is null) are at or after {@code second}. */
    static int since(long[] times, long second) {
        if (times == null) {
            return 0;
        }
        int first = (int) times[FIRST];
        int end = (int) times[END];
        int at = Arrays.binarySearch(times, first, end, second);
        if (at < 0) {
            return end - (-at - 1);
        }
        while (at > first && times[at - 1] == second) {
            at--;
        }
        return end - at;
    }
}
