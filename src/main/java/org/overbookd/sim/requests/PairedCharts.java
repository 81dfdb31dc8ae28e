package org.overbookd.sim.requests;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.overbookd.io.Png;
import org.overbookd.io.Provenance;

/** The heat maps of figure 6: one PNG per class, A's availability across, B's up, 5-point squares. */
public final class PairedCharts {

    private PairedCharts() {}

    public static Path write(
            Path dir, String cls, PairedRuns.ClassPairs pairs, String nameA, String nameB, Provenance workload)
            throws IOException {
        HeatMapChart chart = new HeatMapChartBuilder()
                .width(960)
                .height(600)
                .title(String.format(
                        Locale.ROOT,
                        "%s on %s: SLO met by both %.1f%%, A only %.1f%%, B only %.1f%%," + " neither %.1f%%",
                        cls,
                        workload.describe(),
                        pct(pairs.bothMet, pairs),
                        pct(pairs.onlyA, pairs),
                        pct(pairs.onlyB, pairs),
                        pct(pairs.neither, pairs)))
                .xAxisTitle("A = " + nameA + ", availability (%)")
                .yAxisTitle("B = " + nameB + ", availability (%)")
                .build();
        List<Integer> axis = new ArrayList<>();
        for (int i = 0; i < PairedRuns.BINS; i++) {
            axis.add(i * 100 / PairedRuns.BINS);
        }
        List<Number[]> heat = new ArrayList<>();
        for (int x = 0; x < PairedRuns.BINS; x++) {
            for (int y = 0; y < PairedRuns.BINS; y++) {
                heat.add(new Number[] {x, y, pairs.counts[x][y]});
            }
        }
        chart.addSeries("requests", axis, axis, heat);
        chart.getStyler().setShowValue(false);
        // darker = more requests, as in the paper's figure
        chart.getStyler().setRangeColors(new Color[] {Color.WHITE, Color.BLACK});
        Path file = dir.resolve("heatmap-" + cls + ".png");
        return Png.write(chart, file);
    }

    static double pct(int n, PairedRuns.ClassPairs pairs) {
        return pairs.pairs == 0 ? 0 : 100.0 * n / pairs.pairs;
    }
}
