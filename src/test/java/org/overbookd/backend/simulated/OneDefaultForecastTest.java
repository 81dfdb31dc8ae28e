package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * The simulator's forecasts against OpenNebula's own code: the expected values were computed by
 * pyoneai 7.4 from the shared build ({@code var/remotes/im/lib/python}, numpy 2.4, scipy 1.17),
 * calling {@code tune_hyperparameters}, {@code transform_data} and {@code _RidgeRegressor} as
 * {@code SklearnPredictionModel.predict} does with the default model's parameters, on the same series.
 * They agree to 1e-9: the same tuning (lags, penalties, split), the same fallback to the mean.
 */
class OneDefaultForecastTest {

    private static double[] series(int n, IntToDoubleFunction f) {
        double[] s = new double[n];
        for (int i = 0; i < n; i++) {
            s[i] = f.applyAsDouble(i);
        }
        return s;
    }

    private static final double[] HOUR = series(12, i -> 50 + 10 * Math.sin(i / 2.0));
    private static final double[] TREND = series(60, i -> 10 + 0.5 * i + (i % 3 == 0 ? 3 : 0));
    private static final double[] DAILY =
            series(48, i -> 60 + 25 * Math.sin(2 * Math.PI * i / 24) + 7 * Math.cos(i * 1.7));

    @Test
    void anHourOfFiveMinuteSamplesIsForecastAsItsMeanAsOpenNebulaDoes() {
        // 12 samples leave fewer than the 20 windows the refit asks for: OpenNebula forecasts the mean
        double mean = 0;
        for (double v : HOUR) {
            mean += v;
        }
        assertEquals(mean / 12, OneDefaultForecast.forecast(HOUR, 1), 1e-12);
        assertEquals(50.18141720675791, OneDefaultForecast.forecast(HOUR, 1), 1e-9);
        assertEquals(50.18141720675791, OneDefaultForecast.forecast(HOUR, 2), 1e-9);
    }

    @Test
    void longerHistoriesAreForecastByTheTunedRidgeAutoregressionAsPyoneaiDoes() {
        assertEquals(42.99964100562034, OneDefaultForecast.forecast(TREND, 1), 1e-9);
        assertEquals(40.500061036074825, OneDefaultForecast.forecast(TREND, 2), 1e-9);
        assertEquals(59.99503254177126, OneDefaultForecast.forecast(DAILY, 1), 1e-9);
        assertEquals(66.13602034122727, OneDefaultForecast.forecast(DAILY, 2), 1e-9);
    }

    @Test
    void lagSizesAreThoseOfCreateLagSizes() {
        assertArrayEquals(new int[] {2, 3, 4, 5, 6}, OneDefaultForecast.lagSizes(12, 1));
        assertArrayEquals(new int[] {2, 11, 20, 29, 38}, OneDefaultForecast.lagSizes(60, 1)); // max 40: 2 + 4 x 9
        assertArrayEquals(new int[] {2}, OneDefaultForecast.lagSizes(6, 1));
    }
}
