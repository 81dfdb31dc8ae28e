package org.overbookd.backend.simulated;

/**
 * Where a replayed host's forecasts come from (sim.forecast.from): the record's own, what the VIM
 * forecast while the daemon recorded ({@link RecordedForecast}), or the simulator's model applied to
 * the replayed samples ({@link OneDefaultForecast}), as for a synthetic host.
 */
public enum ForecastOrigin {
    /** The record's forecasts of its high-QoS load where it has them, the model's of the replay's own low-QoS load added. */
    RECORD,
    /** The model's, from the replay's samples of the whole host, as if the record held no forecast. */
    SAMPLES
}
