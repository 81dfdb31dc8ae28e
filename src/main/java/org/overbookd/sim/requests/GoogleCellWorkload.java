package org.overbookd.sim.requests;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.policy.qos.ServiceClasses;
import org.overbookd.random.Draws;
import org.overbookd.random.Seeds;

/**
 * A month of load shaped like the Google cell of the 2011 trace, for when no trace is at hand
 * ({@code --workload generated:google-month}): 12,500 machines and about 25 million task requests
 * over 29 days (section 4.2: "more than 25 million allocation requests"), generated one job at a
 * time in submit order from one seed, so a month never sits in memory.
 *
 * <p>Shapes, from the trace as published (Reiss et al., SoCC 2012; the trace's schema document)
 * and rounded; every figure is an assumption of this generator, not a measurement:
 * <ul>
 *   <li>machines (normalised CPU x memory): 0.5 x 0.5 53.5%, 0.5 x 0.25 30.7%, 0.5 x 0.75 8%,
 *       1 x 1 6.3%, 0.25 x 0.25 1%, 0.5 x 0.125 0.5%: about 6,600 CPU and 5,900 memory in all;</li>
 *   <li>jobs arrive as a Poisson process whose rate follows the day (plus or minus 25%, peak at
 *       midday), 0.317 a second on average so that the month holds 25 million tasks; a job is one
 *       task half the time, otherwise a lognormal number (median 20, sigma 1.5, at most 5,000),
 *       mean about 31.5 tasks (the trace: 25 million tasks of some 670,000 jobs);</li>
 *   <li>all tasks of a job share class, CPU and memory and arrive together, as the trace's do;
 *       classes by job, as the paper maps priorities (section 4.2): gold (production, above 8) 4%
 *       of jobs, silver (2 to 8) 66%, bronze (gratis, below 2) 30%;</li>
 *   <li>CPU lognormal with median 0.025 and sigma 1 (mean 0.041), memory the CPU times a lognormal
 *       of median 0.75 and sigma 0.6 (mean 0.9, the machines' ratio), both at most 0.5, so a task
 *       fits on 99% of the machines; a job's tasks together ask at most 50 (under 1% of the cell),
 *       its tasks made smaller to fit (an assumption, like the rest: one job of 5,000 tasks of 0.4
 *       would otherwise ask a third of the cell at once);</li>
 *   <li>durations lognormal per job, each task's times a lognormal of sigma 0.3: gold median 24 h,
 *       sigma 1.2 (long-running services; mean 49 h), silver median 20 min, sigma 1.8, bronze
 *       median 10 min, sigma 1.5, at most the month.</li>
 * </ul>
 *
 * <p>Calibrated on section 4.3's sizing, the other way round: the paper sizes its infrastructure
 * N from the peak demand of the workload on one infinite host; this cell is fixed, so the load is
 * chosen to peak at about 75-80% of its CPU and memory over the month ({@link PeakDemand}; seeds
 * 1-3: 74-79%), with some 100,000 tasks running and 55-70% of the cell requested on average once
 * gold has built up (about three days from an empty start). The margin is for packing: tasks of up
 * to 0.5 on machines of 0.25-1 in two dimensions cannot fill the cell. An earlier calibration
 * (memory 1.08 times the CPU, gold sigma 2, jobs of any total) rose past the cell's memory for
 * days at a time, and the QoS-driven scheduler spent those days preempting (sim/README-qos.md).
 */
public final class GoogleCellWorkload implements Iterator<RequestSpec> {

    public static final String NAME = "google-month";
    public static final double MONTH_S = 29 * 86_400.0;
    static final long ROLE = 0x474f4f474cL;

    private static final double[][] MACHINES = {
        {0.5, 0.5, 0.535}, {0.5, 0.25, 0.307}, {0.5, 0.75, 0.08}, {1, 1, 0.063}, {0.25, 0.25, 0.01}, {0.5, 0.125, 0.005}
    };
    private static final int MACHINE_COUNT = 12_500;
    private static final double JOBS_PER_S = 0.317;
    private static final double DAILY_SWING = 0.25;
    private static final double JOB_TOTAL = 50;

    private final SplittableRandom random;
    private final double horizon;
    private final ServiceClass gold;
    private final ServiceClass silver;
    private final ServiceClass bronze;
    private double clock;
    private long job = -1;
    private int tasksLeft;
    private int taskIndex;
    private ServiceClass jobClass;
    private double jobCpu;
    private double jobMem;
    private double jobDuration;
    private RequestSpec next;

    /** Requests submitted before horizon (seconds, at most {@link #MONTH_S}) from this seed. */
    public GoogleCellWorkload(ServiceClasses classes, long seed, double horizon) {
        this.random = Seeds.stream(seed, ROLE);
        this.horizon = Math.min(horizon, MONTH_S);
        this.gold = classes.find("gold").orElseThrow(() -> new IllegalArgumentException("needs class gold"));
        this.silver = classes.find("silver").orElseThrow(() -> new IllegalArgumentException("needs class silver"));
        this.bronze = classes.find("bronze").orElseThrow(() -> new IllegalArgumentException("needs class bronze"));
        advance();
    }

    /** The cell's 12,500 machines, shapes in the proportions above, in a seeded random order. */
    public static List<HostSpec> machines(long seed) {
        return machines(seed, 1);
    }

    /**
     * The cell made smaller as section 4.3 makes its 0.9N and 0.8N infrastructures: machines
     * removed at random, one at a time, until the CPU left is at most this fraction of the whole
     * cell's (CPU, the resource of the month's larger peak). The order is random already, so the
     * last machine is a random one.
     */
    public static List<HostSpec> machines(long seed, double fraction) {
        if (!(fraction > 0 && fraction <= 1)) {
            throw new IllegalArgumentException("cell fraction in (0, 1]: " + fraction);
        }
        List<HostSpec> all = allMachines(seed);
        double whole = all.stream().mapToDouble(HostSpec::cpu).sum();
        double cpu = whole;
        int keep = all.size();
        while (keep > 0 && cpu > fraction * whole + 1e-9) {
            cpu -= all.get(--keep).cpu();
        }
        return List.copyOf(all.subList(0, keep));
    }

    private static List<HostSpec> allMachines(long seed) {
        SplittableRandom r = Seeds.stream(seed, ROLE, 1);
        List<HostSpec> hosts = new ArrayList<>(MACHINE_COUNT);
        for (int i = 0; i < MACHINE_COUNT; i++) {
            hosts.add(machine("m" + i, r));
        }
        return hosts;
    }

    /** A machine of the cell's shapes, in their proportions, from one draw of {@code r}. */
    static HostSpec machine(String id, SplittableRandom r) {
        double u = r.nextDouble();
        double[] shape = MACHINES[MACHINES.length - 1];
        for (double[] m : MACHINES) {
            if (u < m[2]) {
                shape = m;
                break;
            }
            u -= m[2];
        }
        return new HostSpec(id, shape[0], shape[1], Map.of());
    }

    @Override
    public boolean hasNext() {
        return next != null;
    }

    @Override
    public RequestSpec next() {
        if (next == null) {
            throw new NoSuchElementException();
        }
        RequestSpec r = next;
        advance();
        return r;
    }

    private void advance() {
        if (tasksLeft == 0 && !nextJob()) {
            next = null;
            return;
        }
        double d = Math.min(jobDuration * lognormal(1, 0.3), MONTH_S);
        next = new RequestSpec(
                job + "-" + taskIndex++, clock, Math.max(1, Math.rint(d)), jobCpu, jobMem, jobClass, Map.of());
        tasksLeft--;
    }

    /** The next job's arrival (thinning of a Poisson process of the peak rate) and shape. */
    private boolean nextJob() {
        double peak = JOBS_PER_S * (1 + DAILY_SWING);
        do {
            clock += Draws.exponential(random, peak);
            if (clock >= horizon) {
                return false;
            }
        } while (random.nextDouble() * peak > rate(clock));
        job++;
        taskIndex = 0;
        tasksLeft = random.nextDouble() < 0.5 ? 1 : (int) Math.min(5000, Math.ceil(lognormal(20, 1.5)));
        double u = random.nextDouble();
        jobClass = u < 0.04 ? gold : u < 0.70 ? silver : bronze;
        double cpu = Math.min(0.5, lognormal(0.025, 1));
        double mem = Math.min(0.5, cpu * lognormal(0.75, 0.6));
        // a job of thousands of tasks gets small ones: its tasks together ask at most JOB_TOTAL,
        // else one job's arrival could swing the whole cell
        double scale = Math.min(1, JOB_TOTAL / (tasksLeft * Math.max(cpu, mem)));
        jobCpu = round(cpu * scale);
        jobMem = round(mem * scale);
        jobDuration = jobClass == gold
                ? lognormal(24 * 3600, 1.2)
                : jobClass == silver ? lognormal(20 * 60, 1.8) : lognormal(10 * 60, 1.5);
        return true;
    }

    private static double rate(double t) {
        return JOBS_PER_S * (1 + DAILY_SWING * StrictMath.sin(2 * StrictMath.PI * (t / 86_400 - 0.25)));
    }

    private double lognormal(double median, double sigma) {
        return Draws.lognormal(random, median, sigma);
    }

    /** The trace's demands are normalised to a few digits; at least one ten-thousandth. */
    private static double round(double x) {
        return Math.max(1e-4, Math.rint(x * 1e4) / 1e4);
    }
}
