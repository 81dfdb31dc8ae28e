package org.overbookd.backend.simulated;

/**
 * OpenNebula 7.4's default forecast model, as its prediction probe runs it for a host
 * ({@code var/remotes/im/lib/python/prediction.py} with {@code models/default}: pyoneai's
 * {@code SklearnPredictionModel} with no training parameters), reproduced so that the simulator's
 * hosts carry the same kind of forecast as OpenNebula's monitoring. Given the last samples of the
 * look-back window (forecast.conf's {@code lookback} over the sample interval) and the horizon in
 * samples ({@code period} over the interval), it forecasts the sample {@code horizon} steps ahead:
 *
 * <ol>
 *   <li>tuning: for each lag size of {@code _create_lag_sizes} (2 and four steps up to at most 40,
 *       leaving 5 observations) and each ridge penalty of the default grid (0.1, 1, 10, 100, 1000),
 *       a linear autoregression on the lagged samples is fit on the first 80 % of the windows and
 *       scored by its mean squared error on the rest; the best pair wins (the first on ties);</li>
 *   <li>the winner is refit on every window and applied to the last {@code lag} samples; but the
 *       refit asks for 20 windows (the model's default {@code min_observations}, which the tuning
 *       step does not use): with fewer, the forecast is the mean of the window. With 5-minute samples
 *       and the default hour of look-back (12 samples) that is always the case: the forecast is the
 *       hour's mean.</li>
 * </ol>
 *
 * The ridge regression is pyoneai's {@code _RidgeRegressor}: centred, columns that do not vary
 * dropped, solved by Cholesky, a constant target fit as a constant. Unlike the probe, the forecast is
 * not rounded to two decimals (it is a percent here, a CPU figure there). Pure arithmetic in a fixed
 * order: the same samples give the same bits on every JDK.
 */
final class OneDefaultForecast {

    private static final double[] ALPHAS = {0.1, 1.0, 10.0, 100.0, 1_000.0};
    private static final int TUNE_MIN_OBS = 5;
    private static final int FIT_MIN_OBS = 20;
    private static final int MAX_LAG = 40;
    private static final double TRAIN_SHARE = 0.8;
    private static final double TOL = 1e-4;

    private OneDefaultForecast() {}

    /** The forecast {@code horizon} samples after the last of {@code vals} (oldest first, at least one). */
    static double forecast(double[] vals, int horizon) {
        int n = vals.length;
        // the refit needs 20 windows of at least 1 lag: without them no tuning can change the answer
        if (n - 1 - horizon + 1 < FIT_MIN_OBS) {
            return mean(vals);
        }
        int bestLag = 1;
        double bestAlpha = 1.0; // _RidgeRegressor's default, when no lag size could be tuned
        double bestMse = Double.POSITIVE_INFINITY;
        for (int lag : lagSizes(n, horizon)) {
            int rows = n - (lag + horizon) + 1;
            if (rows < TUNE_MIN_OBS) {
                continue;
            }
            int train = roundHalfEven(TRAIN_SHARE * rows);
            for (double alpha : ALPHAS) {
                double mse = validationError(vals, lag, horizon, train, rows, alpha);
                if (mse < bestMse) {
                    bestMse = mse;
                    bestAlpha = alpha;
                    bestLag = lag;
                }
            }
        }
        int rows = n - (bestLag + horizon) + 1;
        if (rows < FIT_MIN_OBS) {
            return mean(vals);
        }
        double[] fit = fit(vals, bestLag, horizon, 0, rows, bestAlpha);
        return predict(fit, vals, n - bestLag, bestLag);
    }

    /** pyoneai's {@code _create_lag_sizes}, ascending (the order Python iterates a set of small ints in). */
    static int[] lagSizes(int hist, int horizon) {
        int min = 2;
        int max = Math.min(hist - horizon - TUNE_MIN_OBS + 1, MAX_LAG);
        if (max <= min) {
            return new int[] {min};
        }
        int incr = (max - min) / 4;
        if (incr == 0) {
            return new int[] {min};
        }
        return new int[] {min, min + incr, min + 2 * incr, min + 3 * incr, min + 4 * incr};
    }

    private static double validationError(double[] vals, int lag, int horizon, int train, int rows, double alpha) {
        if (train >= rows) {
            return Double.NaN; // numpy's mean of nothing: never the best
        }
        double[] model = fit(vals, lag, horizon, 0, train, alpha);
        double sum = 0;
        for (int r = train; r < rows; r++) {
            double e = target(vals, r, lag, horizon) - predict(model, vals, r, lag);
            sum += e * e;
        }
        return sum / (rows - train);
    }

    /** Window r's target: the sample {@code horizon} after its {@code lag} inputs. */
    private static double target(double[] vals, int r, int lag, int horizon) {
        return vals[r + lag + horizon - 1];
    }

    /** intercept, then {@code lag} coefficients, applied to vals[from .. from + lag). */
    private static double predict(double[] model, double[] vals, int from, int lag) {
        double y = 0;
        for (int j = 0; j < lag; j++) {
            y += vals[from + j] * model[1 + j];
        }
        return y + model[0];
    }

    /** The ridge fit of windows [first, end): {intercept, coefficients...}. */
    private static double[] fit(double[] vals, int lag, int horizon, int first, int end, double alpha) {
        int rows = end - first;
        double[] model = new double[lag + 1];
        double y0 = target(vals, first, lag, horizon);
        boolean constant = true;
        double yMean = 0;
        for (int r = first; r < end; r++) {
            double y = target(vals, r, lag, horizon);
            constant &= Math.abs(y - y0) <= TOL + 1e-5 * Math.abs(y0); // numpy.allclose
            yMean += y;
        }
        if (constant) {
            model[0] = y0;
            return model;
        }
        yMean /= rows;
        double[] xMean = new double[lag];
        for (int r = first; r < end; r++) {
            for (int j = 0; j < lag; j++) {
                xMean[j] += vals[r + j];
            }
        }
        for (int j = 0; j < lag; j++) {
            xMean[j] /= rows;
        }
        // columns whose centred values are all within the tolerance of zero are dropped
        int[] kept = new int[lag];
        int k = 0;
        for (int j = 0; j < lag; j++) {
            boolean zero = true;
            for (int r = first; r < end && zero; r++) {
                zero = Math.abs(vals[r + j] - xMean[j]) <= TOL;
            }
            if (!zero) {
                kept[k++] = j;
            }
        }
        double[][] gram = new double[k][k];
        double[] rhs = new double[k];
        for (int r = first; r < end; r++) {
            double yc = target(vals, r, lag, horizon) - yMean;
            for (int a = 0; a < k; a++) {
                double xa = vals[r + kept[a]] - xMean[kept[a]];
                rhs[a] += xa * yc;
                for (int b = 0; b <= a; b++) {
                    gram[a][b] += xa * (vals[r + kept[b]] - xMean[kept[b]]);
                }
            }
        }
        for (int a = 0; a < k; a++) {
            gram[a][a] += alpha;
        }
        double[] slope = choleskySolve(gram, rhs);
        double intercept = yMean;
        for (int a = 0; a < k; a++) {
            model[1 + kept[a]] = slope[a];
            intercept -= xMean[kept[a]] * slope[a];
        }
        model[0] = intercept;
        return model;
    }

    /** Solves A x = b for a symmetric positive definite A given by its lower triangle (ridge: alpha > 0). */
    private static double[] choleskySolve(double[][] a, double[] b) {
        int k = b.length;
        double[][] l = new double[k][k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j <= i; j++) {
                double s = a[i][j];
                for (int m = 0; m < j; m++) {
                    s -= l[i][m] * l[j][m];
                }
                l[i][j] = i == j ? Math.sqrt(s) : s / l[j][j];
            }
        }
        double[] z = new double[k];
        for (int i = 0; i < k; i++) {
            double s = b[i];
            for (int m = 0; m < i; m++) {
                s -= l[i][m] * z[m];
            }
            z[i] = s / l[i][i];
        }
        double[] x = new double[k];
        for (int i = k - 1; i >= 0; i--) {
            double s = z[i];
            for (int m = i + 1; m < k; m++) {
                s -= l[m][i] * x[m];
            }
            x[i] = s / l[i][i];
        }
        return x;
    }

    private static double mean(double[] vals) {
        double s = 0;
        for (double v : vals) {
            s += v;
        }
        return s / vals.length;
    }

    /** Python's round(): halves to even. */
    private static int roundHalfEven(double x) {
        return (int) Math.rint(x);
    }
}
