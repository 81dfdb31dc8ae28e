package org.overbookd.sim.slots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The calibrated scenario ({@code --scenario calibrated}) gives, under PRI and PRI-5 on Table 1's
 * cluster over seeds 1-5, the figures sim/README-hybrid.md ("The calibrated scenario") reports, within
 * the stated tolerances: PRI 7,897 evictions a seed (the paper: 8,509), pe-bar 2.02 (2.23), 16.48
 * normalized CPU-seconds lost per eviction (16.6), PRI5 375 drops a seed (400). And it does not reach
 * the one figure the family could not: PRI5 evicts 0.935 times as often as PRI (the paper: 0.571).
 * HYBRID is not run here: its row is the prediction, not part of the fit. Ten runs of about 30,000
 * tasks each, at full size.
 */
@Tag("slow")
class CalibratedScenarioFitTest {

    private static CalibrationExperiment.Fit fit;

    @BeforeAll
    static void runPriAndPri5() {
        fit = CalibrationExperiment.fit(CalibratedScenario.CALIBRATED, 5);
    }

    @Test
    void priRowAsTheReadmeSays() {
        assertEquals(7897, fit.priEvictions(), 7897 * 0.03, fit.toString());
        assertEquals(2.02, fit.peBar(), 0.05, fit.toString());
        assertEquals(16.48, fit.wastePerEviction(), 0.5, fit.toString());
        assertEquals(20, fit.maxPe(), 3, fit.toString());
    }

    @Test
    void pri5DropsAsTheReadmeSaysButNotItsCut() {
        assertEquals(375, fit.drops(), 375 * 0.05, fit.toString());
        assertEquals(4, fit.pri5MaxPe());
        assertEquals(0.935, fit.ratio(), 0.02, fit.toString());
        assertTrue(
                fit.ratio() > 0.8,
                "if PRI5 now cuts evictions by 20% or more, sim/README-hybrid.md's account is stale");
    }

    @Test
    void theScoresAreTheReadmes() {
        // root mean square of the log-ratios: 0.229 over the five figures, 0.069 over the four reached
        assertEquals(0.229, fit.score(), 0.02, fit.toString());
        assertTrue(fit.scoreWithoutCut() < 0.1, fit.toString());
    }
}
