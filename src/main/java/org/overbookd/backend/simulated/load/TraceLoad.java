package org.overbookd.backend.simulated.load;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A recorded load replayed: the value of the last sample at or before the time asked, 0 before the
 * first sample. Samples come from a daemon's {@code record.file}, one per cycle.
 */
public final class TraceLoad implements LoadGenerator {

    private final long[] times;
    private final double[] loads;
    /** Per sample, whether the VM was in the record then (false: the 0 that marks where it went missing). */
    private final boolean[] present;

    /** @param times seconds since the start of the replay, ascending; loads in percent of one core */
    public TraceLoad(long[] times, double[] loads) {
        this(times, loads, present(times.length));
    }

    /**
     * @param present per sample, whether the VM was in the record at that time; a sample where it
     *                was not (load 0) starts a stretch it is away for, until its next sample
     */
    public TraceLoad(long[] times, double[] loads, boolean[] present) {
        if (times.length != loads.length || times.length != present.length || times.length == 0) {
            throw new IllegalArgumentException("a trace needs as many loads and presences as times, and at least one");
        }
        this.times = times.clone();
        this.loads = loads.clone();
        this.present = present.clone();
    }

    private static boolean[] present(int n) {
        boolean[] all = new boolean[n];
        Arrays.fill(all, true);
        return all;
    }

    /**
     * The seconds from {@code from} to {@code to} during which the VM was in the record: from each
     * sample it was there at, to the next sample or {@code to}; never before its first sample. What
     * a replayed high-QoS VM is counted as holding its core for.
     */
    public long presentSeconds(long from, long to) {
        long seconds = 0;
        for (int i = 0; i < times.length; i++) {
            if (!present[i]) {
                continue;
            }
            long start = Math.max(from, times[i]);
            long end = Math.min(to, i + 1 < times.length ? times[i + 1] : Long.MAX_VALUE);
            seconds += Math.max(0, end - start);
        }
        return seconds;
    }

    /** Here the time is seconds since the start of the replay, which the simulator passes as time of week. */
    @Override
    public double next(long time, SplittableRandom random) {
        int i = Arrays.binarySearch(times, time);
        int at = i >= 0 ? i : -i - 2;
        return at < 0 ? 0 : LoadGenerator.clip(loads[at]);
    }
}
