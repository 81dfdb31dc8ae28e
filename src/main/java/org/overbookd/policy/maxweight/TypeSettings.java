package org.overbookd.policy.maxweight;

import java.util.SplittableRandom;

/**
 * What a VM-type scheduler is built from; each takes what it needs and ignores the rest.
 *
 * @param solver       how maxweight and m14 find configurations
 * @param padding      which empty-queue types get the room a configuration leaves (maxweight, m14)
 * @param beta         Algorithm 1's beta (maxweight)
 * @param recheckEmpty Algorithm 1's extension, see {@link MaxWeightScheduler}
 * @param serviceRate  mu_j per type (g16)
 * @param random       g16's own stream; the others take no randomness
 */
public record TypeSettings(
        ConfigurationSolver solver,
        Padding padding,
        double beta,
        boolean recheckEmpty,
        double[] serviceRate,
        SplittableRandom random) {}
