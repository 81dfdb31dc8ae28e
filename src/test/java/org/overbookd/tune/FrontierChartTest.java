package org.overbookd.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.io.Provenance;
import org.overbookd.sim.overbooking.SimResult;

/** frontier.png draws each series in its own colour, whichever series a tune happens to have. */
class FrontierChartTest {

    @TempDir
    Path dir;

    /** A configuration of one seed at this utilization and these degradation points, of 1,000 host-steps. */
    private static TunedConfig config(int position, int slots, double utilization, long degradation) {
        Settings s = Settings.defaults().with(Options.SLOTS, slots);
        SimResult r = new SimResult(utilization, 10, 5, degradation, degradation, 0, 0, 0, 0, 0, 0, 0, 0, 100);
        return new TunedConfig(position, s, List.of(1L), List.of(r), 10, 86_400);
    }

    private static int pixels(BufferedImage image, Color color) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xffffff) == (color.getRGB() & 0xffffff)) {
                    n++;
                }
            }
        }
        return n;
    }

    private BufferedImage chart(String name, double budget, long... degradations) throws IOException {
        List<TunedConfig> configs = new ArrayList<>();
        for (int i = 0; i < degradations.length; i++) {
            configs.add(config(i, 1 + i, 60 + 5 * i, degradations[i]));
        }
        Frontier f = new Frontier(config(-1, 0, 50, 0), configs, new Budget(budget, Double.NaN), Objective.UTILIZATION);
        return ImageIO.read(FrontierChart.write(
                        dir.resolve(name), f, Provenance.trace(Path.of("record.csv"), Provenance.Demand.MEASURED))
                .toFile());
    }

    @Test
    void aSeriesHasItsColourInEveryChartWhateverSeriesTheChartHas() throws IOException {
        // 5 and 12 of 1,000 host-steps: 0.5% and 1.2%; a budget of 1% keeps the first, 0.1% neither
        BufferedImage both = chart("both.png", 1, 5, 12);
        BufferedImage overOnly = chart("over.png", 0.1, 5, 12);
        assertTrue(pixels(both, FrontierChart.WITHIN) > 0, "within the budget: green");
        assertTrue(pixels(both, FrontierChart.OVER) > 0, "over the budget: red");
        assertEquals(0, pixels(overOnly, FrontierChart.WITHIN), "nothing within the budget, nothing green");
        assertTrue(
                pixels(overOnly, FrontierChart.OVER) > 0,
                "over the budget is red here too, though the first series drawn");
        assertTrue(pixels(overOnly, FrontierChart.BASELINE) > 0 && pixels(both, FrontierChart.BASELINE) > 0);
    }
}
