package org.overbookd.sim.slots;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongFunction;
import org.overbookd.policy.hybrid.HybridPolicy;
import org.overbookd.policy.hybrid.HybridSettings;

/**
 * The calibration behind {@link CalibratedScenario#CALIBRATED} (sim/README-hybrid.md, "The calibrated
 * scenario"): a coarse grid over a family's knobs, each point run under PRI and PRI-5 only (never
 * HYBRID, whose row is the prediction), on Table 1's cluster, seeds 1 to N, and scored against the
 * five figures of Table 2 that involve no sticky slot. Not a test (nothing is asserted); run it with
 * the test classpath:
 *
 * <pre>java -cp "target/test-classes:target/classes:$(cat target/test-classpath.txt)" \
 *     org.overbookd.sim.slots.CalibrationExperiment swinging-mix HOURS SEEDS TASKS_PER_HOUR,... LOW_DEMAND,... SWING,...
 * java -cp ... org.overbookd.sim.slots.CalibrationExperiment thinned-steady SEEDS KEEP,... DEMAND,... CLASS9_MEDIAN,...</pre>
 *
 * <p>{@code hybrid-thinned-steady SEEDS KEEP DEMAND CLASS9_MEDIAN} runs HYBRID and PRI on one
 * thinned-steady point, outside the calibration.
 *
 * <p>{@code swinging-mix} is {@link CalibratedScenario}'s family, the one kept. {@code thinned-steady}
 * is the other family sim/README-hybrid.md reports: the steady scenario with each task of classes 0-8 kept with
 * probability KEEP (by a hash of its id) and its demand multiplied by DEMAND, class 9's median set.
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

    private CalibrationExperiment() {}

    /** What PRI and PRI-5 gave on one point, over its seeds; counts per 15-hour window. */
    record Fit(
            String point,
            double load,
            double priEvictions,
            double ratio,
            double wastePerEviction,
            double peBar,
            double drops,
            int maxPe,
            int pri5MaxPe,
            double pri5PeBar,
            double pri5Waste,
            double priWaste) {

        /** The five figures: PRI's evictions, pe-bar and waste per eviction, PRI5's drops and its cut. */
        double score() {
            return rms(
                    Math.log(priEvictions / PRI_EVICTIONS),
                    Math.log(wastePerEviction / PRI_WASTE_PER_EVICTION),
                    Math.log(peBar / PRI_PE_BAR),
                    Math.log(drops / PRI5_DROPS),
                    Math.log(ratio / PRI5_OVER_PRI_EVICTIONS));
        }

        /** The same without PRI5's cut in evictions, the one figure the kept family does not reach. */
        double scoreWithoutCut() {
            return rms(
                    Math.log(priEvictions / PRI_EVICTIONS),
                    Math.log(wastePerEviction / PRI_WASTE_PER_EVICTION),
                    Math.log(peBar / PRI_PE_BAR),
                    Math.log(drops / PRI5_DROPS));
        }

        private static double rms(double... logs) {
            double sum = 0;
            for (double l : logs) {
                sum += l * l;
            }
            return Math.sqrt(sum / logs.length);
        }

        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT,
                    "%s load %4.2f | PRI NE %7.0f pe-bar %5.2f max %3d WE/NE %6.2f WE %6.1fk"
                            + " | PRI5/PRI NE %5.3f WE %5.3f drops %5.0f pe-bar %4.2f | score %.3f (without the cut %.3f)",
                    point,
                    load,
                    priEvictions,
                    peBar,
                    maxPe,
                    wastePerEviction,
                    priWaste / 1000,
                    ratio,
                    pri5Waste / priWaste,
                    drops,
                    pri5PeBar,
                    score(),
                    scoreWithoutCut());
        }
    }

    static Fit fit(CalibratedScenario point, int seeds) {
        return fit(
                String.format(
                        Locale.ROOT,
                        "tph %6.0f low %4.2f swing %4.2f",
                        point.tasksPerHour(),
                        point.lowDemand(),
                        point.swing()),
                point.hours(),
                point::tasks,
                seeds);
    }

    static Fit fit(String label, double hours, LongFunction<List<Task>> workload, int seeds) {
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
            List<Task> tasks = workload.apply(seed);
            for (Task t : tasks) {
                demand += t.cpuSeconds();
            }
            SlotResult pri = new SlotSimulation(infra, tasks, HybridPolicy.pri(seed)).run();
            SlotResult pri5 = new SlotSimulation(
                            infra, tasks, HybridPolicy.priN(HybridSettings.PAPER_EVICTION_LIMIT, seed))
                    .run();
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
        double per15h = 15 / hours / seeds;
        double load = demand / seeds / (capacity * hours * 3600);
        return new Fit(
                label,
                load,
                priNe * per15h,
                (double) pri5Ne / priNe,
                priWe / priNe,
                (double) priNe / priEvicted,
                drops * per15h,
                maxPe,
                pri5MaxPe,
                (double) pri5Ne / Math.max(1, pri5Evicted),
                pri5We * per15h,
                priWe * per15h);
    }

    /** The steady scenario with classes 0-8 thinned to {@code keep} and lengthened by {@code demand}. */
    static List<Task> thinnedSteady(long seed, double keep, double demand, double class9Median) {
        List<Task> tasks = new ArrayList<>();
        for (Task t : SteadyBusyScenario.tasks(seed, class9Median)) {
            if (t.priority() > 8) {
                tasks.add(t);
            } else if ((t.id().hashCode() & 0xffff) / 65536.0 < keep) {
                tasks.add(new Task(t.id(), t.submit(), t.priority(), t.cpuSeconds() * demand, t.memory()));
            }
        }
        return tasks;
    }

    /**
     * Not part of the calibration: HYBRID and PRI on one thinned-steady point, seeds 1 to N, to see
     * whether the regime that gives PRI5's cut gives HYBRID's too.
     */
    private static void hybridOnThinnedSteady(int seeds, double keep, double demand, double class9Median) {
        Infrastructure infra = Infrastructure.table1();
        long hybridNe = 0;
        long priNe = 0;
        double hybridWe = 0;
        double priWe = 0;
        for (long seed = 1; seed <= seeds; seed++) {
            List<Task> tasks = thinnedSteady(seed, keep, demand, class9Median);
            SlotResult hybrid = new SlotSimulation(
                            infra, tasks, HybridPolicy.hybrid(HybridSettings.PAPER_STICKY_SLOTS, seed))
                    .run();
            SlotResult pri = new SlotSimulation(infra, tasks, HybridPolicy.pri(seed)).run();
            System.out.printf(
                    Locale.ROOT,
                    "seed %d: NE HYBRID %d PRI %d (%.3f), WE HYBRID %.1fk PRI %.1fk (%.3f)%n",
                    seed,
                    hybrid.evictions(),
                    pri.evictions(),
                    (double) hybrid.evictions() / pri.evictions(),
                    hybrid.wastedCpuSeconds() / 1000,
                    pri.wastedCpuSeconds() / 1000,
                    hybrid.wastedCpuSeconds() / pri.wastedCpuSeconds());
            hybridNe += hybrid.evictions();
            priNe += pri.evictions();
            hybridWe += hybrid.wastedCpuSeconds();
            priWe += pri.wastedCpuSeconds();
        }
        System.out.printf(
                Locale.ROOT, "together: HYBRID / PRI NE %.3f, WE %.3f%n", (double) hybridNe / priNe, hybridWe / priWe);
    }

    public static void main(String[] args) {
        List<Fit> fits = new ArrayList<>();
        if (args[0].equals("hybrid-thinned-steady")) {
            hybridOnThinnedSteady(
                    Integer.parseInt(args[1]),
                    Double.parseDouble(args[2]),
                    Double.parseDouble(args[3]),
                    Double.parseDouble(args[4]));
            return;
        }
        if (args[0].equals("thinned-steady")) {
            int seeds = Integer.parseInt(args[1]);
            for (String keep : args[2].split(",")) {
                for (String demand : args[3].split(",")) {
                    for (String median : args[4].split(",")) {
                        double k = Double.parseDouble(keep);
                        double d = Double.parseDouble(demand);
                        double m = Double.parseDouble(median);
                        report(
                                fits,
                                fit(
                                        String.format(Locale.ROOT, "keep %4.2f demand %4.1f class 9 %5.0f", k, d, m),
                                        15,
                                        seed -> thinnedSteady(seed, k, d, m),
                                        seeds));
                    }
                }
            }
        } else {
            double hours = Double.parseDouble(args[1]);
            int seeds = Integer.parseInt(args[2]);
            for (String tph : args[3].split(",")) {
                for (String low : args[4].split(",")) {
                    for (String swing : args[5].split(",")) {
                        report(
                                fits,
                                fit(
                                        new CalibratedScenario(
                                                hours,
                                                Double.parseDouble(tph),
                                                Double.parseDouble(low),
                                                Double.parseDouble(swing)),
                                        seeds));
                    }
                }
            }
        }
        fits.sort((a, b) -> Double.compare(a.score(), b.score()));
        System.out.println("best: " + fits.get(0));
    }

    private static void report(List<Fit> fits, Fit f) {
        fits.add(f);
        System.out.println(f);
        System.out.flush();
    }
}
