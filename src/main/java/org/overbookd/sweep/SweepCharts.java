package org.overbookd.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.io.Png;
import org.overbookd.io.Provenance;
import org.overbookd.sim.overbooking.SimResult;
import org.overbookd.stats.MeanInterval;

/**
 * PNG charts of a bounds sweep in the manner of Verboven et al. figures 5-7: utilization and
 * suspensions against the lower bound, one chart per upper bound and one series per slot count
 * (figure 5); and against the window (upper - lower), one chart per slot count and one series per
 * upper bound (figures 6 and 7). Runs that differ only in other swept keys (seeds) are averaged, and
 * when a point averages several runs its error bar is the 95% interval of the mean by Student's t
 * over them ({@link MeanInterval}, of the runs' exact figures).
 */
public final class SweepCharts {

    private SweepCharts() {}

    /** Cell of the chart grid: the runs that share (upper, slots, lower), in grid order. */
    private static final class Cell {
        final List<Point> runs = new ArrayList<>();

        void add(Point p) {
            runs.add(p);
        }

        MeanInterval utilization() {
            return MeanInterval.of(
                    SeedIntervals.CONFIDENCE,
                    runs.stream().mapToDouble(Point::utilization).toArray());
        }

        MeanInterval suspensions() {
            return MeanInterval.of(
                    SeedIntervals.CONFIDENCE,
                    runs.stream().mapToDouble(Point::suspends).toArray());
        }
    }

    /**
     * What the charts need of one run, exactly (a merged sweep rebuilds the charts from these, so
     * they must not pass through the rounded CSV).
     */
    public record Point(double upper, int slots, double lower, double utilization, long suspends) {

        public static Point of(Settings s, SimResult r) {
            return new Point(
                    s.get(Options.UPPER_BOUND),
                    s.get(Options.SLOTS),
                    s.get(Options.LOWER_BOUND),
                    r.utilization(),
                    r.suspends());
        }
    }

    /**
     * Writes the charts and returns their paths; nothing when the grid does not vary the lower bound.
     *
     * @param workload what the runs were computed on, for the titles ({@link #workload})
     */
    public static List<Path> write(Path dir, List<Settings> runs, List<SimResult> results, String workload)
            throws IOException {
        List<Point> points = new ArrayList<>(runs.size());
        for (int i = 0; i < runs.size(); i++) {
            points.add(Point.of(runs.get(i), results.get(i)));
        }
        return write(dir, points, workload);
    }

    /**
     * What a sweep's rows were computed on, from their provenance columns ({@link Provenance#COLUMNS}),
     * for the charts' titles: one workload described, or how many when the grid sweeps several. Read
     * from the rows, so that a merged sweep titles its charts as the unsharded one does.
     */
    public static String workload(List<String> header, List<List<String>> rows) {
        int name = header.indexOf(Provenance.COLUMNS.get(0));
        int kind = header.indexOf(Provenance.COLUMNS.get(1));
        int demand = header.indexOf(Provenance.COLUMNS.get(2));
        if (name < 0 || kind < 0 || demand < 0) {
            throw new IllegalArgumentException("the rows have no provenance columns");
        }
        Set<String> seen = new LinkedHashSet<>();
        for (List<String> row : rows) {
            seen.add(Provenance.ofCells(row.get(name), row.get(kind), row.get(demand))
                    .describe());
        }
        return seen.size() == 1 ? seen.iterator().next() : seen.size() + " workloads";
    }

    /** The charts of runs given in grid order (the order of the averages' sums). */
    public static List<Path> write(Path dir, List<Point> points, String workload) throws IOException {
        // upper -> slots -> lower -> cell, each sorted ascending
        Map<Double, Map<Integer, Map<Double, Cell>>> cells = new TreeMap<>();
        for (Point p : points) {
            cells.computeIfAbsent(p.upper(), k -> new TreeMap<>())
                    .computeIfAbsent(p.slots(), k -> new TreeMap<>())
                    .computeIfAbsent(p.lower(), k -> new Cell())
                    .add(p);
        }
        boolean lowerVaries =
                cells.values().stream().flatMap(m -> m.values().stream()).anyMatch(m -> m.size() > 1);
        List<Path> written = new ArrayList<>();
        if (!lowerVaries) {
            return written;
        }
        for (Map.Entry<Double, Map<Integer, Map<Double, Cell>>> upper : cells.entrySet()) {
            String u = fmt(upper.getKey());
            written.add(byLower(
                    dir.resolve("utilization-upper-" + u + ".png"),
                    "Utilization, upper bound " + u + "%; " + workload,
                    "Mean utilization (%)",
                    upper.getValue(),
                    Cell::utilization));
            written.add(byLower(
                    dir.resolve("suspensions-upper-" + u + ".png"),
                    "Suspensions, upper bound " + u + "%; " + workload,
                    "Suspensions",
                    upper.getValue(),
                    Cell::suspensions));
        }
        Map<Integer, Map<Double, Map<Double, Cell>>> bySlots = new TreeMap<>();
        cells.forEach((upper, slotsMap) -> slotsMap.forEach((slots, lowerMap) ->
                lowerMap.forEach((lower, cell) -> bySlots.computeIfAbsent(slots, k -> new TreeMap<>())
                        .computeIfAbsent(upper, k -> new TreeMap<>())
                        .put(upper - lower, cell))));
        for (Map.Entry<Integer, Map<Double, Map<Double, Cell>>> slots : bySlots.entrySet()) {
            int n = slots.getKey();
            written.add(byWindow(
                    dir.resolve("utilization-window-slots-" + n + ".png"),
                    "Utilization, " + n + " slot" + (n == 1 ? "" : "s") + "; " + workload,
                    "Mean utilization (%)",
                    slots.getValue(),
                    Cell::utilization));
            written.add(byWindow(
                    dir.resolve("suspensions-window-slots-" + n + ".png"),
                    "Suspensions, " + n + " slot" + (n == 1 ? "" : "s") + "; " + workload,
                    "Suspensions",
                    slots.getValue(),
                    Cell::suspensions));
        }
        return written;
    }

    private static Path byLower(
            Path file,
            String title,
            String yTitle,
            Map<Integer, Map<Double, Cell>> series,
            Function<Cell, MeanInterval> metric)
            throws IOException {
        XYChart chart = chart(title, "Lower bound (%)", yTitle);
        series.forEach((slots, points) -> addSeries(chart, slots + " slot" + (slots == 1 ? "" : "s"), points, metric));
        return save(chart, file);
    }

    private static Path byWindow(
            Path file,
            String title,
            String yTitle,
            Map<Double, Map<Double, Cell>> series,
            Function<Cell, MeanInterval> metric)
            throws IOException {
        XYChart chart = chart(title, "Window, upper - lower bound (points)", yTitle);
        series.forEach((upper, points) -> addSeries(chart, "upper " + fmt(upper), points, metric));
        return save(chart, file);
    }

    public static XYChart chart(String title, String xTitle, String yTitle) {
        XYChart chart = new XYChartBuilder()
                .width(800)
                .height(500)
                .title(title)
                .xAxisTitle(xTitle)
                .yAxisTitle(yTitle)
                .build();
        chart.getStyler().setChartTitleVisible(true);
        chart.getStyler().setLegendVisible(true);
        chart.getStyler().setAntiAlias(true);
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        return chart;
    }

    private static void addSeries(
            XYChart chart, String name, Map<Double, Cell> points, Function<Cell, MeanInterval> metric) {
        double[] x = new double[points.size()];
        double[] y = new double[points.size()];
        List<MeanInterval> intervals = new ArrayList<>();
        int i = 0;
        for (Map.Entry<Double, Cell> p : points.entrySet()) {
            MeanInterval m = metric.apply(p.getValue());
            x[i] = p.getKey();
            y[i] = m.mean();
            intervals.add(m);
            i++;
        }
        withErrorBars(chart, name, x, y, intervals).setMarker(SeriesMarkers.CIRCLE);
    }

    /**
     * A series whose points that average several runs have the half-width of their interval as an
     * error bar (a point of one run has none); without any such point, a plain series, drawn as before.
     */
    public static XYSeries withErrorBars(
            XYChart chart, String name, double[] x, double[] y, List<MeanInterval> intervals) {
        double[] bars = new double[x.length];
        boolean anyBar = false;
        for (int i = 0; i < bars.length; i++) {
            MeanInterval m = intervals.get(i);
            bars[i] = Double.isNaN(m.halfWidth()) ? 0 : m.halfWidth();
            anyBar |= m.count() > 1;
        }
        return anyBar ? chart.addSeries(name, x, y, bars) : chart.addSeries(name, x, y);
    }

    /** Draws the chart and writes it as a PNG file (io.Png, the one writer); returns the file. */
    public static Path save(XYChart chart, Path file) throws IOException {
        return Png.write(chart, file);
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
