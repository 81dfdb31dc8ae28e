package org.overbookd.policy.overbooking;

import java.util.Objects;

/**
 * The utilization the bounds are compared with, from a host's measurement and the VIM's forecast
 * of it. As OneDRS does with its PREDICTIVE factor (OpenNebula 7.4's
 * {@code one_drs/lib/optimizer_parser.py}, {@code _apply_predictive_adjustment}), a forecast counts
 * only when it is a positive number: a host whose monitoring carries none, or a zero, is judged on
 * its measurement.
 *
 * @param source         measured, forecast, or a blend
 * @param forecastWeight the forecast's share of a blend, 0 to 1 (the forecast source is a weight of 1)
 */
public record UtilizationSignal(UtilizationSource source, double forecastWeight) {

    /** The paper's: the measurement alone. */
    public static final UtilizationSignal MEASURED = new UtilizationSignal(UtilizationSource.MEASURED, 0);

    public UtilizationSignal {
        Objects.requireNonNull(source, "source");
        if (!(forecastWeight >= 0 && forecastWeight <= 1)) {
            throw new IllegalArgumentException("the forecast weight must be 0 to 1, got " + forecastWeight);
        }
    }

    /** Whether hosts are judged on their measurement alone, whatever their forecast. */
    public boolean measuredOnly() {
        return source == UtilizationSource.MEASURED;
    }

    /** Whether {@code forecast} is one this signal may use: a positive, finite number. */
    public static boolean usable(double forecast) {
        return forecast > 0 && forecast < Double.POSITIVE_INFINITY;
    }

    /** The utilization the bounds are compared with. */
    public double of(double measured, double forecast) {
        if (measuredOnly() || !usable(forecast)) {
            return measured;
        }
        return source == UtilizationSource.FORECAST
                ? forecast
                : measured * (1 - forecastWeight) + forecast * forecastWeight;
    }

    /** "forecast", "blend 0.5 of the forecast": for reasons. */
    String describe() {
        return switch (source) {
            case MEASURED -> "measured";
            case FORECAST -> "forecast";
            case BLEND -> "blend " + StepReasons.number(forecastWeight) + " of the forecast";
        };
    }
}
