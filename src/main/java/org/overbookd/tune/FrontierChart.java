package org.overbookd.tune;

import java.awt.Color;
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
import org.overbookd.io.Provenance;
import org.overbookd.stats.MeanInterval;
import org.overbookd.sweep.SweepCharts;

/**
 * {@code frontier.png}: each configuration's mean objective against its worst-seed degradation_100,
 * those within the budget apart from those over it, the Pareto frontier as a line, the budget as a
 * vertical line, the baseline without overbooking, and the recommendation labelled.
 *
 * <p>Each series has its own colour in every chart: XChart gives colours by the order series are
 * added, and a series left out for want of points (nothing over the budget, say) gave the next one
 * its colour, so "within budget" was green in one chart and red in the next.
 */
final class FrontierChart {

    static final Color WITHIN = new Color(0x2c, 0xa0, 0x2c);
    static final Color OVER = new Color(0xd6, 0x27, 0x28);
    static final Color PARETO = new Color(0x1f, 0x77, 0xb4);
    static final Color BUDGET = new Color(0x7f, 0x7f, 0x7f);
    static final Color BASELINE = Color.BLACK;
    static final Color RECOMMENDED = new Color(0xff, 0x7f, 0x0e);

    private FrontierChart() {}

    static Path write(Path file, Frontier f, Provenance workload) throws IOException {
        Objective o = f.objective();
        int seeds = f.baseline().seeds().size();
        XYChart chart = SweepCharts.chart(
                "Tuning on " + workload.describe() + ": " + o.words() + " against degradation",
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
        points(chart, "within budget", within, o, SeriesMarkers.CIRCLE, WITHIN);
        points(chart, "over budget", over, o, SeriesMarkers.CROSS, OVER);
        XYSeries line = series(chart, "Pareto frontier", frontier, o, false);
        if (line != null) {
            line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            line.setMarker(SeriesMarkers.NONE);
            line.setLineColor(PARETO);
        }
        double budget = f.budget().maxDegradation100();
        XYSeries limit = chart.addSeries(
                "budget: " + TunedConfig.plain(budget) + "% of host-steps",
                new double[] {budget, budget},
                new double[] {yMin, yMax});
        limit.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        limit.setMarker(SeriesMarkers.NONE);
        limit.setLineColor(BUDGET);
        points(chart, "without overbooking (0 slots)", List.of(f.baseline()), o, SeriesMarkers.DIAMOND, BASELINE);
        double yLow = yMin;
        double yHigh = yMax;
        f.recommended().ifPresent(r -> {
            points(chart, "recommended: " + r.label(), List.of(r), o, SeriesMarkers.SQUARE, RECOMMENDED);
            // below the point, so that the label does not hide its marker
            double below = r.objectiveMean(o) - 0.04 * (yHigh - yLow == 0 ? 1 : yHigh - yLow);
            chart.addAnnotation(new AnnotationText("recommended", r.degradation100Max(), below, false));
        });
        return SweepCharts.save(chart, file);
    }

    private static void points(
            XYChart chart, String name, List<TunedConfig> configs, Objective o, Marker marker, Color color) {
        XYSeries s = series(chart, name, configs, o, true);
        if (s != null) {
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(marker);
            s.setMarkerColor(color);
            // error bars are drawn in the line's colour, which a scatter series draws nothing else in
            s.setLineColor(color);
        }
    }

    /**
     * Null for no points: XChart refuses an empty series. With {@code bars}, each point that averages
     * several seeds has the 95% interval of its mean as an error bar.
     */
    private static XYSeries series(XYChart chart, String name, List<TunedConfig> configs, Objective o, boolean bars) {
        if (configs.isEmpty()) {
            return null;
        }
        double[] x = new double[configs.size()];
        double[] y = new double[configs.size()];
        List<MeanInterval> intervals = new ArrayList<>();
        for (int i = 0; i < x.length; i++) {
            x[i] = configs.get(i).degradation100Max();
            y[i] = configs.get(i).objectiveMean(o);
            intervals.add(configs.get(i).objectiveInterval(o));
        }
        return bars ? SweepCharts.withErrorBars(chart, name, x, y, intervals) : chart.addSeries(name, x, y);
    }
}
