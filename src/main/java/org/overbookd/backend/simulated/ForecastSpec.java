package org.overbookd.backend.simulated;

/**
 * Whether and how the simulated hosts forecast their utilization ({@link OneDefaultForecast}), in
 * samples of the overbooking step: each step's utilization is a sample, as each monitoring period is
 * one for OpenNebula's prediction probe.
 *
 * @param lookbackSamples the samples the model fits (forecast.conf's lookback); 0: no forecasts
 * @param horizonSamples  how many samples ahead it forecasts (forecast.conf's period), at least 1
 * @param origin          where a replayed host with recorded forecasts takes them from ({@link ForecastOrigin});
 *                        a synthetic host, or one whose record holds none, forecasts from its samples
 */
public record ForecastSpec(int lookbackSamples, int horizonSamples, ForecastOrigin origin) {

    /** No forecasts: the hosts keep no samples (the paper's world, at no cost). */
    public static final ForecastSpec NONE = new ForecastSpec(0, 1);

    public ForecastSpec {
        if (lookbackSamples < 0 || horizonSamples < 1) {
            throw new IllegalArgumentException("a look-back of 0 or more samples and a horizon of at least 1");
        }
        java.util.Objects.requireNonNull(origin, "origin");
    }

    /** Forecasts from the samples, or from a replayed record's own where it has them. */
    public ForecastSpec(int lookbackSamples, int horizonSamples) {
        this(lookbackSamples, horizonSamples, ForecastOrigin.RECORD);
    }

    public boolean on() {
        return lookbackSamples > 0;
    }
}
