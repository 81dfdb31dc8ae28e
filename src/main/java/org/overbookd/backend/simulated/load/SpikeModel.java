package org.overbookd.backend.simulated.load;

/**
 * The spike process of the spiky pattern. The paper gives the odds (1% to start a spike per draw,
 * 90% of spikes positive, 50% to continue per draw) but not the height; we add or take away a fixed
 * {@code height} in percent of one core, so a VM at mu = 75 spikes to the full core.
 */
public record SpikeModel(
        double startProbability, double positiveProbability, double continueProbability, double height) {

    public static final SpikeModel PAPER = new SpikeModel(0.01, 0.9, 0.5, 25);

    public SpikeModel {
        checkProbability("startProbability", startProbability);
        checkProbability("positiveProbability", positiveProbability);
        checkProbability("continueProbability", continueProbability);
        if (!(height >= 0)) {
            throw new IllegalArgumentException("height must be >= 0");
        }
    }

    private static void checkProbability(String name, double p) {
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException(name + " must be in [0, 1], got " + p);
        }
    }
}
