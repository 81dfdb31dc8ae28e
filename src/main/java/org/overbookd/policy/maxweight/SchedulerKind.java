package org.overbookd.policy.maxweight;

import java.util.Locale;
import java.util.SplittableRandom;

/** The schedulers by their command-line names. */
public enum SchedulerKind {
    /** Algorithm 1 of Psychas and Ghaderi. */
    MAXWEIGHT("maxweight"),
    /** MaxWeight at local refresh times (Maguluri and Srikant 2014). */
    M14("m14"),
    /** Randomized sampling (Ghaderi 2016), reconstructed. */
    G16("g16"),
    /** Plain non-preemptive best fit. */
    BEST_FIT("best-fit");

    private final String label;

    SchedulerKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Whether beta means anything to this scheduler (only Algorithm 1 has it). */
    public boolean usesBeta() {
        return this == MAXWEIGHT;
    }

    /** Whether it solves configuration knapsacks. */
    public boolean usesSolver() {
        return this == MAXWEIGHT || this == M14;
    }

    public static SchedulerKind parse(String text) {
        for (SchedulerKind kind : values()) {
            if (kind.label.equals(text.trim().toLowerCase(Locale.ROOT))) {
                return kind;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not one of maxweight, m14, g16, best-fit");
    }

    /**
     * A fresh scheduler.
     *
     * @param recheckEmpty Algorithm 1's extension, see {@link MaxWeightScheduler}
     * @param serviceRate mu_j per type, for G16
     * @param random      G16's stream; the others take no randomness
     */
    public TypeScheduler create(ConfigurationSolver solver, Padding padding, double beta, boolean recheckEmpty,
            double[] serviceRate, SplittableRandom random) {
        return switch (this) {
            case MAXWEIGHT -> new MaxWeightScheduler(solver, padding, beta, recheckEmpty);
            case M14 -> new RefreshMaxWeightScheduler(solver, padding);
            case G16 -> new RandomizedSamplingScheduler(serviceRate, random);
            case BEST_FIT -> new BestFitScheduler();
        };
    }
}
