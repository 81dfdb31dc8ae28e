package org.overbookd.sim.slots;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.overbookd.random.Draws;
import org.overbookd.random.Seeds;

/**
 * A workload shaped like the paper's Google trace excerpt (section 4): about 68,000 tasks over 15
 * hours, in 12 priority classes, mostly low priority (classes 0 and 4 dominate), with rare long
 * production tasks (9-11). Each class is its own stream of jobs, a job being several tasks
 * submitted together (as Google jobs are); job arrivals are Poisson with a rate that swings through
 * busy and quiet periods, so the cluster is overloaded at times and priorities and evictions matter.
 * Task demands are log-normal around each class's median.
 *
 * <p>Every class draws from its own random stream of the master seed, so changing one class's shape
 * leaves the others' tasks as they were.
 */
public final class SyntheticScenario {

    /** The role of workload generation among the run's sources of randomness. */
    static final long ROLE = 0x5359_4e54L;
    /** One core in CPU-seconds per second: 1/24 of the largest machine (see {@link ServerType}). */
    static final double CORE = 1.0 / 24;
    /**
     * Log-normal draws are clipped at this many standard deviations, so that no single task of a
     * 15-hour scenario needs days: with sigma 1 the longest task is 20 times its class median.
     */
    static final double TAIL = 3.0;

    /**
     * One priority class: its share of all tasks, the median and log-sd of a task's demand
     * (expressed in seconds of one core), and the mean number of tasks per job.
     */
    public record ClassShape(int priority, double share, double medianCoreSeconds, double sigma, double meanJobSize) {}

    private final double seconds;
    private final int tasks;
    private final List<ClassShape> classes;
    private final double swing;
    private final double period;

    /**
     * @param seconds length of the submission window
     * @param tasks   expected number of tasks
     * @param swing   relative amplitude of the load's swing around its mean, 0 to 1
     * @param period  seconds from one busy period to the next
     */
    public SyntheticScenario(double seconds, int tasks, List<ClassShape> classes, double swing, double period) {
        this.seconds = seconds;
        this.tasks = tasks;
        this.classes = List.copyOf(classes);
        this.swing = swing;
        this.period = period;
    }

    /**
     * The swinging built-in scenario ({@code --scenario swinging}; the default is
     * {@link SteadyBusyScenario}): 15 hours, about 68,000 tasks.
     */
    public static SyntheticScenario paperLike() {
        return new SyntheticScenario(15 * 3600.0, 68_000, PAPER_CLASSES, 0.8, 5 * 3600.0);
    }

    /** The same mix, scaled to {@code tasks} tasks over {@code seconds}: for small tests on small clusters. */
    public static SyntheticScenario scaled(double seconds, int tasks) {
        return new SyntheticScenario(seconds, tasks, PAPER_CLASSES, 0.8, seconds / 3);
    }

    /**
     * Classes 0 and 4 make up most tasks, as in the paper's trace (section 4.1.3); production tasks
     * (9-11) are 5% of tasks but run for hours. Medians in seconds of one core: a class-0 task takes
     * 4 minutes on a whole core, 8 on a normal slot of a busy server.
     */
    static final List<ClassShape> PAPER_CLASSES = List.of(
            new ClassShape(0, 0.400, 240, 1.0, 40),
            new ClassShape(1, 0.040, 300, 1.0, 10),
            new ClassShape(2, 0.080, 400, 1.0, 10),
            new ClassShape(3, 0.010, 400, 1.0, 5),
            new ClassShape(4, 0.380, 1200, 1.0, 40),
            new ClassShape(5, 0.005, 600, 1.0, 5),
            new ClassShape(6, 0.010, 600, 1.0, 5),
            new ClassShape(7, 0.005, 600, 1.0, 5),
            new ClassShape(8, 0.020, 600, 1.0, 5),
            new ClassShape(9, 0.040, 3000, 1.0, 10),
            new ClassShape(10, 0.008, 20000, 0.5, 2),
            new ClassShape(11, 0.002, 20000, 0.5, 2));

    public List<Task> generate(long seed) {
        List<Task> all = new ArrayList<>();
        for (ClassShape shape : classes) {
            generate(shape, Seeds.stream(seed, ROLE, shape.priority()), all);
        }
        return Workloads.bySubmission(all);
    }

    /** Jobs by thinning a Poisson process at the peak rate down to the swinging one. */
    private void generate(ClassShape shape, SplittableRandom random, List<Task> out) {
        double meanRate = tasks * shape.share() / shape.meanJobSize() / seconds;
        double peakRate = meanRate * (1 + swing);
        int job = 0;
        for (double t = Draws.exponential(random, peakRate); t < seconds; t += Draws.exponential(random, peakRate)) {
            if (random.nextDouble() * (1 + swing) >= load(t)) {
                continue;
            }
            int size = 1 + geometric(random, shape.meanJobSize() - 1);
            for (int k = 0; k < size; k++) {
                double z = Math.max(-TAIL, Math.min(TAIL, Draws.boxMuller(random)));
                double coreSeconds = shape.medianCoreSeconds() * StrictMath.exp(shape.sigma() * z);
                String id = "p" + shape.priority() + "-j" + job + "-" + k;
                out.add(new Task(id, t, shape.priority(), coreSeconds * CORE, Double.NaN));
            }
            job++;
        }
    }

    /** The load's swing, between 1 - swing and 1 + swing, mean 1 over whole periods. */
    private double load(double t) {
        return 1 + swing * StrictMath.sin(2 * StrictMath.PI * t / period);
    }

    /** Failures before the first success, mean {@code mean}. */
    private static int geometric(SplittableRandom random, double mean) {
        return mean <= 0 ? 0 : (int) Draws.geometric(random, 1 / (1 + mean));
    }
}
