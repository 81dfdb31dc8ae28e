/**
 * Seeded randomness for every model. Seeds derives one independent stream per source of randomness
 * from the run's master seed and the source's identity, so that equal seeds give equal bytes
 * whatever the settings, the thread count or the order in which sources are created. Draws holds
 * the random variates (exponential, geometric, log-normal, normal), each written once, with
 * StrictMath's logarithm; Ziggurat the standard normal draw the models make, the same bits on every
 * JDK (the JDK's own nextGaussian is not), but for the slot model's scenarios, which draw Draws'
 * Box-Muller normal for its fixed two draws.
 *
 * <p>Layer 2 (see ArchitectureTest): may import model.
 */
package org.overbookd.random;
