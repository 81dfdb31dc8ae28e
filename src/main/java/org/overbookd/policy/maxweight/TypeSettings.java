package org.overbookd.policy.maxweight;

import java.util.SplittableRandom;

/**
 * What the VM-type schedulers of one run are built from, shared by every scheduler the run compares;
 * each takes what it needs and ignores the rest. What belongs to one scheduler alone (Algorithm 1's
 * beta) is an argument it declares ({@link TypeSchedulers}), not a setting.
 *
 * @param solver      how maxweight and m14 find configurations
 * @param padding     which empty-queue types get the room a configuration leaves (maxweight, m14)
 * @param serviceRate mu_j per type (g16)
 * @param random      g16's own stream; the others take no randomness
 */
public record TypeSettings(
        ConfigurationSolver solver, Padding padding, double[] serviceRate, SplittableRandom random) {}
