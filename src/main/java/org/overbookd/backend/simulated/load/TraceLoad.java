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

    /** @param times seconds since the start of the replay, ascending; loads in percent of one core */
    public TraceLoad(long[] times, double[] loads) {
        if (times.length != loads.length || times.length == 0) {
            throw new IllegalArgumentException("a trace needs as many loads as times, and at least one");
        }
        this.times = times.clone();
        this.loads = loads.clone();
    }

    /** Here the time is seconds since the start of the replay, which the simulator passes as time of week. */
    @Override
    public double next(long time, SplittableRandom random) {
        int i = Arrays.binarySearch(times, time);
        int at = i >= 0 ? i : -i - 2;
        return at < 0 ? 0 : LoadGenerator.clip(loads[at]);
    }
}
