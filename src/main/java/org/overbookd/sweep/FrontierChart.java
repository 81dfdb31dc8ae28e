package org.overbookd.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code frontier.png}: each configuration's mean objective against its worst-seed degradation_100,
 * those within the budget apart from those over it, the Pareto frontier as a line, the budget as a
 * vertical line, the baseline without overbooking, and the recommendation labelled.
 */
final class FrontierChart {

    private FrontierChart() {
    }

    static Path write(Path file, Frontier f, String recordName) throws IOException {
        Objective o = f.objective();
        int seeds = f.baseline().seeds().size();
        XYChart chart = SweepCharts.chart("Tuning on " + recordName + ": " + o.words() + " against degradation",
                "Degradation: host-steps above 100%, worst seed (% of host-steps)",
                o.axisTitle() + ", mean of " + seeds + " seed" + (seeds == 1 ? "" : "s"));
        List<TunedConfig> within = new ArrayList<>();
        List<TunedConfig> over = new ArrayList<>();
        List<TunedConfig> frontier = new ArrayList<>();
        double yMin = f.baseline().objectiveMean(o);
        double yMax = yMin;
        for (TunedConfig c : f.configs()) {
            (f.withinBudget(c) ? within : over).add(c);
            yMin = Math.min(yMin, c.objectiveMean(o));
            yMax = Math.max(yMax, c.objectiveMean(o));
        }
        List<TunedConfig> all = new ArrayList<>(f.configs());
        all.add(f.baseline());
        for (TunedConfig c : all) {
            if (f.onFrontier(c)) {
                frontier.add(c);
            }
        }
        frontier.sort(Comparator.comparingDouble(TunedConfig::degradation100Max));
        points(chart, "within budget", within, o, SeriesMarkers.CIRCLE);
        points(chart, "over budget", over, o, SeriesMarkers.CROSS);
        XYSeries line = series(chart, "Pareto frontier", frontier, o);
        if (line != null) {
            line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            line.setMarker(SeriesMarkers.NONE);
        }
        double budget = f.budget().maxDegradation100();
        XYSeries limit = chart.addSeries("budget: " + TunedConfig.plain(budget) + "% of host-steps",
                new double[] {budget, budget}, new double[] {yMin, yMax});
        limit.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        limit.setMarker(SeriesMarkers.NONE);
        points(chart, "without overbooking (0 slots)", List.of(f.baseline()), o, SeriesMarkers.DIAMOND);
        double yLow = yMin;
        double yHigh = yMax;
        f.recommended().ifPresent(r -> {
            points(chart, "recommended: " + r.label(), List.of(r), o, SeriesMarkers.SQUARE);
            // below the point, so that the label does not hide its marker
            double below = r.objectiveMean(o) - 0.04 * (yHigh - yLow == 0 ? 1 : yHigh - yLow);
            chart.addAnnotation(new AnnotationText("recommended", r.degradation100Max(), below, false));
        });
        return SweepCharts.save(chart, file);
    }

    private static void points(XYChart chart, String name, List<TunedConfig> configs, Objective o, Marker marker) {
        XYSeries s = series(chart, name, configs, o);
        if (s != null) {
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(marker);
        }
    }

    /** Null for no points: XChart refuses an empty series. */
    private static XYSeries series(XYChart chart, String name, List<TunedConfig> configs, Objective o) {
        if (configs.isEmpty()) {
            return null;
        }
        double[] x = new double[configs.size()];
        double[] y = new double[configs.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = configs.get(i).degradation100Max();
            y[i] = configs.get(i).objectiveMean(o);
        }
        return chart.addSeries(name, x, y);
    }
}
