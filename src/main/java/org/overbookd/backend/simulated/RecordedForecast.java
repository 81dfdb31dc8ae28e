package org.overbookd.backend.simulated;

import java.util.Arrays;

/**
 * What the VIM forecast of one recorded host's high-QoS load, cycle by cycle, as a replay gives it
 * back: its recorded {@code host_forecast} (OpenNebula's USED_CPU_FORECAST) less the forecasts of the
 * low-QoS VMs recorded on it (their {@code cpu_forecast}, their measured CPU where the record has
 * none), which a replay leaves out as it leaves out their load; capped at the host's capacity, in
 * percent of one core. At a time, the last cycle's at or before it; NaN before the first, at a cycle
 * whose host row had no forecast (or one of 0, which the daemon takes for none), and from a cycle the
 * host was missing from until it is seen again: there the daemon had none, and judged the host on its
 * measurement.
 */
public final class RecordedForecast {

    private final long[] times;
    private final double[] values;

    /**
     * @param times  seconds since the start of the replay, strictly ascending
     * @param values percent of one core, at least 0 and finite, or NaN where there was none
     */
    RecordedForecast(long[] times, double[] values) {
        if (times.length != values.length) {
            throw new IllegalArgumentException("as many forecasts as times");
        }
        for (int i = 0; i < times.length; i++) {
            if (i > 0 && times[i] <= times[i - 1]) {
                throw new IllegalArgumentException("forecast times must rise: " + times[i - 1] + " then " + times[i]);
            }
            if (!Double.isNaN(values[i]) && !(values[i] >= 0 && values[i] < Double.POSITIVE_INFINITY)) {
                throw new IllegalArgumentException("forecast " + i + ": " + values[i]);
            }
        }
        this.times = times.clone();
        this.values = values.clone();
    }

    /** The forecast recorded at the last cycle at or before {@code time} (seconds of replay), or NaN. */
    public double at(long time) {
        int i = Arrays.binarySearch(times, time);
        int at = i >= 0 ? i : -i - 2;
        return at < 0 ? Double.NaN : values[at];
    }

    /** How many of its cycles carry a forecast. */
    public int cyclesWithForecast() {
        int n = 0;
        for (double v : values) {
            n += Double.isNaN(v) ? 0 : 1;
        }
        return n;
    }
}
