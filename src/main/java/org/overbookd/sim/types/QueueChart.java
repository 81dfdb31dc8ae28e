package org.overbookd.sim.types;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.overbookd.io.Png;

/** Total queue size over time, one line per policy: the paper's figures 1 and 2. */
public final class QueueChart {

    private QueueChart() {}

    public static Path write(Path file, TypesScenario scenario, List<TypesResult> results) throws IOException {
        boolean seconds = scenario.workload() instanceof ArrivalModel.Trace;
        XYChart chart = new XYChartBuilder()
                .width(800)
                .height(500)
                .title("Total queue size, " + scenario.provenance().describe())
                .xAxisTitle(seconds ? "Time (s)" : "Time (mean service times)")
                .yAxisTitle("Total queue size")
                .build();
        chart.getStyler().setLegendVisible(true);
        chart.getStyler().setAntiAlias(true);
        chart.getStyler().setXAxisDecimalPattern("#,##0");
        // XChart labels evenly spaced x values (our sample grid) at data points, closer than their
        // width: tilted, they do not run into each other
        chart.getStyler().setXAxisLabelRotation(45);
        for (TypesResult r : results) {
            QueueSamples s = r.samples();
            double[] y = new double[s.size()];
            for (int i = 0; i < y.length; i++) {
                y[i] = s.total(i);
            }
            String label = r.policy() + (Double.isNaN(r.beta()) ? "" : " (beta " + TypesOutputs.plain(r.beta()) + ")");
            chart.addSeries(label, s.times(), y).setMarker(SeriesMarkers.NONE);
        }
        return Png.write(chart, file);
    }
}
