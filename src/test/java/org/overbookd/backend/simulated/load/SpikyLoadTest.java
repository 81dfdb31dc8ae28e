package org.overbookd.backend.simulated.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Spiky pattern (Verboven et al. section 4.1): N(mu, 5); each draw outside a spike starts one with
 * 1% chance, 90% of spikes are positive, a spike continues with 50% chance per draw. The spike
 * state is observed with {@link SpikyLoad#inSpike()} after every draw. mu = 50 keeps mu +- height
 * (25) five base sds away from the clip edges, so clipping does not bias the checks. Tolerances are
 * five standard errors.
 */
class SpikyLoadTest {

    private static final double MU = 50;
    private static final double SD = 5;

    /** What one run of the generator showed. */
    private record Trace(
            long opportunities,
            long starts,
            List<Integer> lengths,
            int positive,
            Stats.Sample base,
            Stats.Sample up,
            Stats.Sample down,
            int spikeDraws) {}

    private static Trace run(SpikeModel model, int n, long seed) {
        var random = new SplittableRandom(seed);
        var load = new SpikyLoad(MU, SD, model);
        long opportunities = 0;
        long starts = 0;
        List<Integer> lengths = new ArrayList<>();
        int positive = 0;
        var base = new Stats.Sample();
        var up = new Stats.Sample();
        var down = new Stats.Sample();
        int spikeDraws = 0;
        int length = 0;
        boolean upward = false;
        for (int i = 0; i < n; i++) {
            boolean before = load.inSpike();
            double x = load.next(i * 300L, random);
            boolean after = load.inSpike();
            if (!before) {
                opportunities++;
                if (after) {
                    starts++;
                }
            }
            if (after) {
                spikeDraws++;
                if (length == 0) {
                    // Sign from the first draw: the other sign's centre is 2 x 25 = 10 base sds away,
                    // so misclassifying needs |Z| > 5: probability 6e-7 per spike.
                    upward = x > MU;
                    if (upward) {
                        positive++;
                    }
                }
                length++;
                (upward ? up : down).add(x);
            } else {
                // A spike ends on a draw that neither is spiked nor may start a new spike, so runs of
                // in-spike draws are exactly the spikes.
                if (length > 0) {
                    lengths.add(length);
                    length = 0;
                }
                base.add(x);
            }
        }
        return new Trace(opportunities, starts, lengths, positive, base, up, down, spikeDraws);
    }

    @Test
    void spikeStartsOnOnePercentOfDrawsOutsideSpikes() {
        Trace t = run(SpikeModel.PAPER, 1_000_000, 0x5B1C0001L);
        double rate = (double) t.starts() / t.opportunities();
        // ~990 000 opportunities: se = sqrt(0.01 * 0.99 / n) = 1.0e-4; 5 se = 5e-4
        assertEquals(0.01, rate, Stats.fiveSeProportion(0.01, t.opportunities()), "spike start rate");
    }

    @Test
    void ninetyPercentOfSpikesArePositive() {
        Trace t = run(SpikeModel.PAPER, 1_000_000, 0x5B1C0002L);
        int spikes = t.lengths().size();
        // A spike cycle is ~100 opportunities (the last one starts the spike) plus 1 more spiked draw on
        // average plus the draw that ends it: ~102 draws, so ~9 800 spikes expected in 10^6 draws.
        assertTrue(spikes > 5_000, "too few spikes to test: " + spikes);
        // se = sqrt(0.9 * 0.1 / spikes) = 0.003; 5 se = 0.015
        assertEquals(
                0.9,
                (double) t.positive() / spikes,
                Stats.fiveSeProportion(0.9, spikes),
                "fraction of positive spikes");
    }

    @Test
    void spikesLastTwoDrawsOnAverage() {
        Trace t = run(SpikeModel.PAPER, 1_000_000, 0x5B1C0003L);
        var lengths = new Stats.Sample();
        int single = 0;
        for (int length : t.lengths()) {
            lengths.add(length);
            if (length == 1) {
                single++;
            }
        }
        // Length L is geometric: Pr[L = k] = c^(k-1) (1 - c), mean 1 / (1 - c) = 2, sd sqrt(c) / (1 - c) = 1.41.
        // With ~9 800 spikes se = 0.014; 5 se = 0.071.
        double c = 0.5;
        assertEquals(
                1 / (1 - c),
                lengths.mean(),
                5 * (Math.sqrt(c) / (1 - c)) / Math.sqrt(lengths.n()),
                "mean spike length in draws");
        // Pr[L = 1] = 1 - c = 0.5; 5 se of a proportion
        assertEquals(
                1 - c,
                (double) single / lengths.n(),
                Stats.fiveSeProportion(1 - c, lengths.n()),
                "fraction of one-draw spikes");
    }

    @Test
    void spikeHeightIsAddedOrTakenAway() {
        Trace t = run(SpikeModel.PAPER, 1_000_000, 0x5B1C0004L);
        double height = SpikeModel.PAPER.height();
        // Positive-spike draws ~ N(mu + 25, 5): ~17 600 draws, se = 5 / sqrt(n) = 0.038; 5 se = 0.19
        assertEquals(MU + height, t.up().mean(), 5 * SD / Math.sqrt(t.up().n()), "centre of positive spikes");
        // Negative-spike draws ~ N(mu - 25, 5): ~2 000 draws, 5 se = 0.56
        assertEquals(MU - height, t.down().mean(), 5 * SD / Math.sqrt(t.down().n()), "centre of negative spikes");
        // The spread inside a spike is still the base sd: se(sd) = sd / sqrt(2n)
        assertEquals(SD, t.up().sd(), 5 * SD / Math.sqrt(2.0 * t.up().n()), "sd inside positive spikes");
    }

    @Test
    void baseDrawsAreNormalWithSdFive() {
        Trace t = run(SpikeModel.PAPER, 1_000_000, 0x5B1C0005L);
        // ~980 000 draws outside spikes: 5 se(mean) = 5 * 5 / sqrt(n) = 0.025, 5 se(sd) = 5 * 5 / sqrt(2n) = 0.018
        assertEquals(MU, t.base().mean(), 5 * SD / Math.sqrt(t.base().n()), "mean outside spikes");
        assertEquals(SD, t.base().sd(), 5 * SD / Math.sqrt(2.0 * t.base().n()), "sd outside spikes");
    }

    @Test
    void startProbabilityZeroGivesNoSpikes() {
        int n = 200_000;
        Trace t = run(new SpikeModel(0, 0.9, 0.5, 25), n, 0x5B1C0006L);
        assertEquals(0, t.spikeDraws(), "inSpike() was true with start probability 0");
        // And no hidden offset either: with 1% spikes of height 25 the sd would be sqrt(25 + ~0.02 * 625) = 6.1;
        // with none it is 5 (5 se(sd) = 5 * 5 / sqrt(2n) = 0.04).
        assertEquals(SD, t.base().sd(), 5 * SD / Math.sqrt(2.0 * n), "sd without spikes");
        assertEquals(MU, t.base().mean(), 5 * SD / Math.sqrt(n), "mean without spikes");
    }

    @Test
    void continueProbabilityZeroGivesOneDrawSpikes() {
        int n = 200_000;
        // A high start probability so there are many spikes to look at: the chain alternates between
        // "out" (start with 0.3) and a spike that always ends on the next draw, so 0.3 / 1.3 = 23% of
        // draws are spiked, i.e. ~46 000 spikes.
        Trace t = run(new SpikeModel(0.3, 0.9, 0, 25), n, 0x5B1C0007L);
        assertTrue(
                t.lengths().size() > 40_000,
                "too few spikes to test: " + t.lengths().size());
        for (int length : t.lengths()) {
            assertEquals(1, length, "with continue probability 0 every spike must last exactly one draw");
        }
        // the start rate is unaffected by the short spikes
        assertEquals(
                0.3,
                (double) t.starts() / t.opportunities(),
                Stats.fiveSeProportion(0.3, t.opportunities()),
                "spike start rate");
    }

    @Test
    void paperModelHasThePaperOdds() {
        assertEquals(0.01, SpikeModel.PAPER.startProbability());
        assertEquals(0.9, SpikeModel.PAPER.positiveProbability());
        assertEquals(0.5, SpikeModel.PAPER.continueProbability());
    }

    @Test
    void spikeModelRejectsInvalidParameters() {
        assertThrows(IllegalArgumentException.class, () -> new SpikeModel(-0.01, 0.9, 0.5, 25));
        assertThrows(IllegalArgumentException.class, () -> new SpikeModel(1.01, 0.9, 0.5, 25));
        assertThrows(IllegalArgumentException.class, () -> new SpikeModel(0.01, Double.NaN, 0.5, 25));
        assertThrows(IllegalArgumentException.class, () -> new SpikeModel(0.01, 0.9, 1.5, 25));
        assertThrows(IllegalArgumentException.class, () -> new SpikeModel(0.01, 0.9, 0.5, -1));
    }

    @Test
    void valuesStayWithinZeroToHundredAtThePaperMu() {
        // At mu = 75 (the paper's Figure 2) a positive spike centres on 100: half of its draws would
        // exceed 100 unclipped.
        var random = new SplittableRandom(0x5B1C0008L);
        var load = new SpikyLoad(75, SD, SpikeModel.PAPER);
        int spiked = 0;
        for (int i = 0; i < 200_000; i++) {
            double x = load.next(i * 300L, random);
            assertTrue(x >= 0 && x <= 100, "draw outside [0, 100]: " + x);
            if (load.inSpike()) {
                spiked++;
            }
        }
        // ~2% of draws are spiked (~3 900 expected); the bound check above only bites if spikes happened
        assertTrue(spiked > 2_000, "too few spiked draws to test clipping: " + spiked);
    }
}
