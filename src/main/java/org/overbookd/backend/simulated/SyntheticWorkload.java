package org.overbookd.backend.simulated;

import java.util.SplittableRandom;
import org.overbookd.backend.simulated.load.BusinessCurve;
import org.overbookd.backend.simulated.load.BusinessLoad;
import org.overbookd.backend.simulated.load.LoadGenerator;
import org.overbookd.backend.simulated.load.NoisyLoad;
import org.overbookd.backend.simulated.load.SpikeModel;
import org.overbookd.backend.simulated.load.SpikyLoad;
import org.overbookd.random.Draws;

/**
 * The synthetic workload of Verboven et al. section 4.1: every high-QoS VM gets one of the noisy,
 * spiky and business patterns at equal odds (mu ~ N(75, 15) for the first two, min 50 / max 90 for
 * business; or every one the same pattern, see {@link PatternMix}); every low-QoS VM is noisy around 90. Runtimes are geometric (equation 1). Replaying a
 * {@link RecordedWorkload}, the world takes only its low-QoS half.
 */
public record SyntheticWorkload(
        double highMuMean,
        double highMuSd,
        double noisySd,
        double spikySd,
        SpikeModel spikes,
        BusinessCurve business,
        double businessSd,
        double lowMu,
        GeometricRuntime highRuntime,
        GeometricRuntime lowRuntime,
        SizeMix lowSizes,
        PatternMix highPatterns) {

    public SyntheticWorkload {
        java.util.Objects.requireNonNull(highPatterns, "highPatterns");
    }

    /** The paper's mix of patterns. */
    public SyntheticWorkload(
            double highMuMean,
            double highMuSd,
            double noisySd,
            double spikySd,
            SpikeModel spikes,
            BusinessCurve business,
            double businessSd,
            double lowMu,
            GeometricRuntime highRuntime,
            GeometricRuntime lowRuntime,
            SizeMix lowSizes) {
        this(
                highMuMean,
                highMuSd,
                noisySd,
                spikySd,
                spikes,
                business,
                businessSd,
                lowMu,
                highRuntime,
                lowRuntime,
                lowSizes,
                PatternMix.MIXED);
    }

    /** The paper's workload: low-QoS VMs without a size. */
    public SyntheticWorkload(
            double highMuMean,
            double highMuSd,
            double noisySd,
            double spikySd,
            SpikeModel spikes,
            BusinessCurve business,
            double businessSd,
            double lowMu,
            GeometricRuntime highRuntime,
            GeometricRuntime lowRuntime) {
        this(
                highMuMean,
                highMuSd,
                noisySd,
                spikySd,
                spikes,
                business,
                businessSd,
                lowMu,
                highRuntime,
                lowRuntime,
                SizeMix.NONE);
    }

    /** Which of the three patterns a high-QoS VM follows. */
    public enum Pattern {
        NOISY,
        SPIKY,
        BUSINESS
    }

    /**
     * The pattern of a new high-QoS VM: one of three at equal odds, or the one pattern of the mix. The
     * draw is made either way, so that every other draw of the VM is the same as in the paper's mix.
     */
    public Pattern highPattern(SplittableRandom random) {
        Pattern drawn = Pattern.values()[random.nextInt(3)];
        return highPatterns.only() == null ? drawn : highPatterns.only();
    }

    /** Which patterns the high-QoS VMs follow: the paper's three at equal odds, or one for all. */
    public enum PatternMix {
        MIXED(null),
        NOISY(Pattern.NOISY),
        SPIKY(Pattern.SPIKY),
        BUSINESS(Pattern.BUSINESS);

        private final Pattern only;

        PatternMix(Pattern only) {
            this.only = only;
        }

        /** The one pattern, or null for the paper's mix. */
        public Pattern only() {
            return only;
        }
    }

    public LoadGenerator highLoad(Pattern pattern, SplittableRandom random) {
        return switch (pattern) {
            case NOISY -> new NoisyLoad(drawMu(random), noisySd);
            case SPIKY -> new SpikyLoad(drawMu(random), spikySd, spikes);
            case BUSINESS -> new BusinessLoad(business, businessSd);
        };
    }

    /** Low-QoS VMs use the noisy pattern with the noisy spread: CPU-bound batch jobs. */
    public LoadGenerator lowLoad() {
        return new NoisyLoad(lowMu, noisySd);
    }

    /** mu ~ N(mean, sd), clipped to [0, 100] because it is a load. */
    private double drawMu(SplittableRandom random) {
        return LoadGenerator.clip(Draws.normal(random, highMuMean, highMuSd));
    }
}
