package org.overbookd.sim.slots;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.overbookd.policy.hybrid.HybridPolicy;
import org.overbookd.policy.hybrid.HybridSettings;

/**
 * The calibration behind {@link CalibratedScenario#CALIBRATED} (sim/README-hybrid.md, "The calibrated
 * scenario"): a coarse grid over the family's knobs, each point run under PRI and PRI-5 only (never
 * HYBRID, whose row is the prediction), on Table 1's cluster, seeds 1 to N, and scored against the
 * five figures of Table 2 that involve no sticky slot. Not a test (nothing is asserted); run it with
 * the test classpath:
 *
 * <pre>java -cp "target/test-classes:target/classes:$(cat target/test-classpath.txt)" \
 *     org.overbookd.sim.slots.CalibrationExperiment HOURS SEEDS TASKS_PER_HOUR,... LOW_DEMAND,... SWING,...</pre>
 *
 * <p>Counts (evictions, drops) are summed over the seeds and scaled to one 15-hour window, so a
 * shorter window can serve the search; the score is the root mean square of the natural logarithms of
 * ours over the paper's, so a factor of 2 on one figure of five costs 0.31.
 */
final class CalibrationExperiment {

    /** Table 2, PRI and PRI5 (the rows without sticky slots). */
    static final double PRI_EVICTIONS = 8509;
    static final double PRI5_OVER_PRI_EVICTIONS = 4857.0 / 8509;
    static final double PRI_WASTE_PER_EVICTION = 141_000.0 / 8509;
    static final double PRI_PE_BAR = 2.23;
    static final double PRI5_DROPS = 400;

    private CalibrationExperiment() {
    }

    /** What PRI and PRI-5 gave on one point, over its seeds; counts per 15-hour window. */
    record Fit(CalibratedScenario point, double load, double priEvictions, double ratio, double wastePerEviction, double peBar,
            double drops, int maxPe, int pri5MaxPe, double pri5PeBar, double pri5Waste, double priWaste) {

        double score() {
            double[] logs = {Math.log(priEvictions / PRI_EVICTIONS),
                    Math.log(wastePerEviction / PRI_WASTE_PER_EVICTION), Math.log(peBar / PRI_PE_BAR),
                    Math.log(drops / PRI5_DROPS)};
            double sum = 0;
            for (double l : logs) {
                sum += l * l;
            }
            return Math.sqrt(sum / logs.length);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "tph %6.0f low %4.2f swing %4.2f load %4.2f | PRI NE %7.0f pe-bar %5.2f max %3d"
                    + " WE/NE %6.2f WE %6.1fk | PRI5/PRI NE %5.3f WE %5.3f drops %5.0f pe-bar %4.2f | score %.3f",
                    point.tasksPerHour(), point.lowDemand(), point.swing(), load, priEvictions, peBar, maxPe,
                    wastePerEviction, priWaste / 1000, ratio, pri5Waste / priWaste, drops, pri5PeBar, score());
        }
    }

    static Fit fit(CalibratedScenario point, int seeds) {
        Infrastructure infra = Infrastructure.table1();
        long priNe = 0;
        long priEvicted = 0;
        long pri5Ne = 0;
        long pri5Evicted = 0;
        long drops = 0;
        double priWe = 0;
        double pri5We = 0;
        int maxPe = 0;
        int pri5MaxPe = 0;
        double demand = 0;
        double capacity = 0;
        for (int s = 0; s < infra.servers(); s++) {
            capacity += infra.server(s).cpu();
        }
        for (long seed = 1; seed <= seeds; seed++) {
            List<Task> tasks = point.tasks(seed);
            for (Task t : tasks) {
                demand += t.cpuSeconds();
            }
            SlotResult pri = new SlotSimulation(infra, tasks, HybridPolicy.pri(seed)).run();
            SlotResult pri5 = new SlotSimulation(infra, tasks,
                    HybridPolicy.priN(HybridSettings.PAPER_EVICTION_LIMIT, seed)).run();
            priNe += pri.evictions();
            priEvicted += pri.evictedTasks();
            priWe += pri.wastedCpuSeconds();
            maxPe = Math.max(maxPe, pri.maxEvictions());
            pri5Ne += pri5.evictions();
            pri5Evicted += pri5.evictedTasks();
            pri5We += pri5.wastedCpuSeconds();
            drops += pri5.dropped();
            pri5MaxPe = Math.max(pri5MaxPe, pri5.maxEvictions());
        }
        double per15h = 15 / point.hours() / seeds;
        double load = demand / seeds / (capacity * point.hours() * 3600);
        return new Fit(point, load, priNe * per15h, (double) pri5Ne / priNe, priWe / priNe, (double) priNe / priEvicted,
                drops * per15h, maxPe, pri5MaxPe, (double) pri5Ne / Math.max(1, pri5Evicted), pri5We * per15h,
                priWe * per15h);
    }

    public static void main(String[] args) {
        double hours = Double.parseDouble(args[0]);
        int seeds = Integer.parseInt(args[1]);
        List<Fit> fits = new ArrayList<>();
        for (String tph : args[2].split(",")) {
            for (String low : args[3].split(",")) {
                for (String swing : args[4].split(",")) {
                    CalibratedScenario point = new CalibratedScenario(hours, Double.parseDouble(tph),
                            Double.parseDouble(low), Double.parseDouble(swing));
                    Fit f = fit(point, seeds);
                    fits.add(f);
                    System.out.println(f);
                    System.out.flush();
                }
            }
        }
        fits.sort((a, b) -> Double.compare(a.score(), b.score()));
        System.out.println("best: " + fits.get(0));
    }
}
