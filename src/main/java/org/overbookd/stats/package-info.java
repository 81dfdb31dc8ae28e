/**
 * Statistics of samples for the models' result files, each definition named where more than one is
 * in use: {@link org.overbookd.stats.Quantile} (nearest rank for the request model's deficits,
 * Hyndman and Fan's type 7 for the slot model's response times), the two means of
 * {@link org.overbookd.stats.Sample}, and the confidence interval of a mean over seeds by Student's
 * t ({@link org.overbookd.stats.MeanInterval}, {@link org.overbookd.stats.StudentT}), and k-means
 * clustering ({@link org.overbookd.stats.KMeans}). What a statistic of an empty sample is (0, NaN) is an
 * argument of every call, never a property of the class that happens to compute it.
 *
 * <p>Layer 2 (see ArchitectureTest): may import model.
 */
package org.overbookd.stats;
