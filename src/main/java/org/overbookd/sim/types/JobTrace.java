package org.overbookd.sim.types;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.overbookd.random.Draws;
import org.overbookd.random.Seeds;

/**
 * A generated stand-in for the Google trace of section 4.2 with the two things the Poisson stand-in
 * ({@link SyntheticTrace}) lacks and the real trace has: tasks come in jobs, and service times are
 * heavy-tailed. Not fitted to the trace (we do not have it); labelled a synthetic workload wherever
 * its numbers appear.
 *
 * <ul>
 *   <li><b>Jobs.</b> A job is one task with probability {@code singleShare}, else a log-normal number
 *       of tasks (median {@code jobMedian}, sigma {@code jobSigma}, rounded, 2 to {@code jobMax}), as
 *       Google's jobs are mostly single tasks with a long tail of jobs of thousands. All tasks of a job
 *       arrive together and have one size (a type pK drawn by {@code typeWeights}, the size log-uniform
 *       within the class; one of CPU and memory, at even odds, has that size, the other 25% to 100%
 *       of it).</li>
 *   <li><b>Service.</b> Each task's service time is log-normal (median {@code serviceMedian}, sigma
 *       {@code serviceSigma}), at most {@code serviceMax} seconds: with sigma 2 the mean is 7.4 times
 *       the median and 1 task in 100 lasts over 100 times the median, where an exponential's mean is its
 *       median over ln 2.</li>
 *   <li><b>Arrivals.</b> Jobs arrive as a Poisson process whose rate swings by {@code dailySwing}
 *       over a day (a sine of period 86,400 s), over a span set so that the rounded sizes times the
 *       service times offer {@code load} times the capacity of {@code servers} unit servers, on
 *       average over the span: {@code --servers} then changes the cluster and not the trace, as the
 *       number of servers sets the load in the paper's figure 4.</li>
 * </ul>
 * The last job is cut to make exactly {@code tasks} tasks. Each part draws from its own stream of the
 * seed (job sizes, types and sizes, service times, arrivals).
 */
public record JobTrace(
        int tasks,
        double load,
        int servers,
        double[] typeWeights,
        double singleShare,
        double jobMedian,
        double jobSigma,
        int jobMax,
        double serviceMedian,
        double serviceSigma,
        double serviceMax,
        double dailySwing) {

    static final long ROLE = 0x4a4f4253L;

    private static final double DAY_S = 86_400;

    public JobTrace {
        typeWeights = TypeWeights.checked(typeWeights);
        if (tasks < 1
                || !(load > 0)
                || servers < 1
                || !(singleShare >= 0 && singleShare <= 1)
                || !(jobMedian >= 1)
                || !(jobSigma >= 0)
                || jobMax < 2
                || !(serviceMedian > 0)
                || !(serviceSigma >= 0)
                || !(serviceMax >= serviceMedian)
                || !(dailySwing >= 0 && dailySwing < 1)) {
            throw new IllegalArgumentException("a job trace's parameters are out of range");
        }
    }

    /** The tasks for this seed, by arrival (the tasks of a job together, in order). */
    public List<GoogleTask> generate(long seed) {
        SplittableRandom jobSizes = Seeds.stream(seed, ROLE, 0);
        SplittableRandom sizes = Seeds.stream(seed, ROLE, 1);
        SplittableRandom services = Seeds.stream(seed, ROLE, 2);
        SplittableRandom gaps = Seeds.stream(seed, ROLE, 3);
        double totalWeight = TypeWeights.total(typeWeights);
        List<double[]> drawn = new ArrayList<>(tasks); // per task: service, cpu, memory, job
        List<Integer> jobStarts = new ArrayList<>();
        double work = 0;
        while (drawn.size() < tasks) {
            int n = jobSizes.nextDouble() < singleShare
                    ? 1
                    : (int) Math.max(2, Math.min(jobMax, Math.round(Draws.lognormal(jobSizes, jobMedian, jobSigma))));
            n = Math.min(n, tasks - drawn.size());
            int k = TypeWeights.type(typeWeights, totalWeight, sizes);
            double[] size = TypeWeights.size(k, sizes);
            double rounded = StrictMath.scalb(1.0, -k);
            jobStarts.add(drawn.size());
            for (int i = 0; i < n; i++) {
                double service = Math.min(serviceMax, Draws.lognormal(services, serviceMedian, serviceSigma));
                work += rounded * service;
                drawn.add(new double[] {service, size[0], size[1]});
            }
        }
        // the span over which the jobs' work offers the load, then the jobs' times in it
        double span = work / (load * servers);
        int jobs = jobStarts.size();
        double[] unit = new double[jobs];
        double t = 0;
        for (int j = 0; j < jobs; j++) {
            unit[j] = t;
            t += Draws.exponential(gaps, 1);
        }
        // a Poisson process of rate jobs / span on [0, span), its clock bent by the daily swing
        double scale = cumulative(span) / t;
        List<GoogleTask> out = new ArrayList<>(tasks);
        for (int j = 0; j < jobs; j++) {
            double arrival = inverseCumulative(unit[j] * scale, span);
            int end = j + 1 < jobs ? jobStarts.get(j + 1) : drawn.size();
            for (int i = jobStarts.get(j); i < end; i++) {
                double[] d = drawn.get(i);
                out.add(new GoogleTask(arrival, d[0], d[1], d[2]));
            }
        }
        return out;
    }

    /** The integrated rate 1 + swing sin(2 pi t / day) from 0 to t. */
    private double cumulative(double t) {
        return t + dailySwing * DAY_S / (2 * StrictMath.PI) * (1 - StrictMath.cos(2 * StrictMath.PI * t / DAY_S));
    }

    /** The t in [0, span] whose {@link #cumulative} is {@code target}, by bisection (it only grows). */
    private double inverseCumulative(double target, double span) {
        double low = 0;
        double high = span;
        for (int i = 0; i < 100 && high - low > 1e-9 * Math.max(1, span); i++) {
            double mid = (low + high) / 2;
            if (cumulative(mid) < target) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return low;
    }
}
