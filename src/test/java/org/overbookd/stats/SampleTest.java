package org.overbookd.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Each definition against hand-worked values, and the empty sample giving what the caller asked. */
class SampleTest {

    // Values are short decimal fractions; 1e-12 absorbs their binary rounding only.
    private static final double EXACT = 1e-12;

    @Test
    void gini() {
        assertEquals(0.0, Sample.of(0.9, 0.9, 0.9).gini(-1), EXACT);
        assertEquals(0.75, Sample.of(0, 0, 0, 1).gini(-1), EXACT); // (n - 1) / n
        // {1, 3}: (-1 * 1 + 1 * 3) / (2 * 4) = 0.25
        assertEquals(0.25, Sample.of(3, 1).gini(-1), EXACT);
        assertEquals(-1, Sample.of(0, 0).gini(-1), "undefined for a sum of 0");
    }

    @Test
    void nearestRankPercentile() {
        Sample s = Sample.of(5, 1, 4, 2, 3, 6, 7, 8, 9, 10);
        assertEquals(10, s.quantile(Quantile.NEAREST_RANK, 0.95, -1), EXACT); // ceil(9.5) = 10th
        assertEquals(5, s.quantile(Quantile.NEAREST_RANK, 0.5, -1), EXACT);
        assertEquals(1, s.quantile(Quantile.NEAREST_RANK, 0, -1), EXACT);
    }

    @Test
    void type7InterpolatesBetweenOrderStatistics() {
        Sample s = Sample.of(4, 1, 3, 2);
        assertEquals(2.5, s.quantile(Quantile.LINEAR_TYPE7, 0.5, -1), EXACT); // mean of the middle two
        assertEquals(2, s.quantile(Quantile.NEAREST_RANK, 0.5, -1), EXACT); // where the two differ
        assertEquals(3.7, s.quantile(Quantile.LINEAR_TYPE7, 0.9, -1), EXACT); // h = 2.7: 3 + 0.7 * (4 - 3)
        assertEquals(4, s.quantile(Quantile.LINEAR_TYPE7, 1, -1), EXACT);
    }

    @Test
    void anEmptySampleGivesWhatTheCallerAsked() {
        Sample empty = Sample.of();
        assertEquals(0, empty.count());
        assertEquals(0, empty.mean(0));
        assertEquals(Double.NaN, empty.meanAscending(Double.NaN));
        assertEquals(Double.NaN, empty.quantile(Quantile.LINEAR_TYPE7, 0.5, Double.NaN));
        assertEquals(0, empty.quantile(Quantile.NEAREST_RANK, 0.95, 0));
        assertEquals(7, empty.min(7));
        assertEquals(8, empty.max(8));
    }

    /** Compensated summation keeps the small values that a plain sum loses beside a large one. */
    @Test
    void theTwoMeansAreNamedBecauseTheyCanDiffer() {
        Sample s = Sample.of(1e16, 1, 1, -1e16);
        assertEquals(0.5, s.mean(-1), EXACT);
        assertEquals(0.0, s.meanAscending(-1), EXACT); // -1e16 + 1 + 1 + 1e16 loses the ones
        assertEquals(2.5, Sample.of(1, 2, 3, 4).meanAscending(-1), EXACT);
    }

    @Test
    void theSampleIsACopy() {
        double[] v = {3, 1, 2};
        Sample s = Sample.of(v);
        v[0] = 100;
        assertEquals(3, s.max(-1));
    }
}
