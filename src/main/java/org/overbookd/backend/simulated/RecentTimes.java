package org.overbookd.backend.simulated;

import java.util.Arrays;

/**
 * The seconds (of the virtual clock) at which one VM or host was acted on lately, oldest first:
 * what the live guards ask of the view ("how often since then?"). Each addition drops the times
 * older than the window it is made with, so a VM suspended every step for a month holds a day of
 * them, not a month. Made only for a VM or host that is acted on at all.
 */
final class RecentTimes {

    private long[] times = new long[4];
    private int first;
    private int end;

    /**
     * Adds {@code second} (no earlier than the last added) after dropping the times before
     * {@code second - window}; returns how many remain, itself included: the events in the window
     * that ends with it.
     */
    int add(long second, long window) {
        long from = second - window;
        while (first < end && times[first] < from) {
            first++;
        }
        if (end == times.length) {
            int kept = end - first;
            long[] next = kept * 2 >= times.length ? new long[times.length * 2] : times;
            System.arraycopy(times, first, next, 0, kept);
            times = next;
            first = 0;
            end = kept;
        }
        times[end++] = second;
        return end - first;
    }

    /** How many of the times kept are at or after {@code second}. */
    int since(long second) {
        int at = Arrays.binarySearch(times, first, end, second);
        if (at < 0) {
            return end - (-at - 1);
        }
        while (at > first && times[at - 1] == second) {
            at--;
        }
        return end - at;
    }

    /** How many times {@code of} holds at or after {@code second}; none when {@code of} is null. */
    static int since(RecentTimes of, long second) {
        return of == null ? 0 : of.since(second);
    }
}
