package org.overbookd.tune;

import org.overbookd.backend.simulated.ForecastOrigin;
import org.overbookd.backend.simulated.RecordFacts;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.policy.overbooking.UtilizationSource;

/**
 * Which forecasts a replay's bounds judged the hosts on, as frontier.csv's {@code forecasts} column
 * and recommended.properties say it: {@code none} (utilization.source = measured), {@code record}
 * (every host on what the VIM forecast while the daemon recorded), {@code record+samples} (the hosts
 * whose record holds forecasts on them, the others on the model's from the replayed samples) or
 * {@code samples} (every host on the model's: the record holds none, or sim.forecast.from = samples).
 */
public final class ReplayedForecasts {

    public static final String COLUMN = "forecasts";

    private ReplayedForecasts() {}

    /** Whether {@code s} judges hosts on a forecast at all. */
    public static boolean forecastAware(Settings s) {
        return s.get(Options.UTILIZATION_SOURCE) != UtilizationSource.MEASURED;
    }

    /** The forecasts the replays of {@code s} on a record of {@code facts} judged the hosts on. */
    public static String of(Settings s, RecordFacts facts) {
        if (!forecastAware(s)) {
            return "none";
        }
        if (s.get(Options.SIM_FORECAST_FROM) == ForecastOrigin.SAMPLES || facts.forecastHosts() == 0) {
            return "samples";
        }
        return facts.forecastHosts() == facts.hosts().size() ? "record" : "record+samples";
    }

    /** The same in words, for a comment of recommended.properties. */
    public static String words(Settings s, RecordFacts facts) {
        return switch (of(s, facts)) {
            case "none" -> "the hosts' measurement (no forecast)";
            case "record" -> "the forecasts the record holds (host_forecast, the VIM's own) for every host";
            case "record+samples" ->
                "the record's forecasts (host_forecast) for the " + facts.forecastHosts() + " of "
                        + facts.hosts().size() + " hosts that have them, OpenNebula's default model's from the replayed"
                        + " samples for the others";
            default ->
                "OpenNebula's default model's forecasts from the replayed samples"
                        + (facts.forecastHosts() == 0 ? " (the record holds none)" : " (sim.forecast.from = samples)");
        };
    }
}
