/**
 * Seeded randomness: Seeds derives one independent stream per source of randomness from the run's
 * master seed and the source's identity, so that equal seeds give equal bytes whatever the
 * settings, the thread count or the order in which sources are created.
 *
 * <p>Layer 2 (see ArchitectureTest): may import model; imports nothing of overbookd today.
 */
package org.overbookd.random;
