package org.overbookd.sim.requests;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.policy.qos.ServiceClasses;
import org.overbookd.random.Draws;
import org.overbookd.random.Seeds;

/**
 * A generated stand-in for the users of a Google cell, for section 4.2's sampling (k-means on users,
 * 10% of each group) when the trace is not at hand: {@code users} users who each submit jobs of
 * their own kind over {@code days}, labelled a synthetic workload wherever its numbers appear. Every
 * figure is an assumption of this generator, in the shapes of {@link GoogleCellWorkload} (whose
 * marginal shapes it keeps) with what a user population adds: users differ.
 *
 * <ul>
 *   <li>Activity is heavy-tailed across users: a user's share of the jobs is log-normal (sigma
 *       {@value #ACTIVITY_SIGMA}), so a few users submit most of them, as in the trace.</li>
 *   <li>A user has a class (7% gold, 57% silver, 36% bronze of users; the gold share chosen among
 *       10%, 4% and 7% for the shape of section 5's penalty increase: a tuned parameter), and 90% of
 *       its jobs are of it, the rest silver (for gold and bronze users) or bronze (for silver users): only
 *       production users submit gold.</li>
 *   <li>A user's tasks have a size of its own (a median CPU log-normal around 0.025, memory a
 *       user's ratio of it) and a spread of its own (the sigma of its jobs' CPU, 0.2 to 1.4), and
 *       durations a user's factor times the class's (gold median 24 h, silver 20 min, bronze 10 min,
 *       {@link GoogleCellWorkload}'s), so the number of requests and the variances of CPU, memory
 *       and duration that the paper clusters users by differ between users.</li>
 *   <li>Jobs are one task with a user's probability (0.2 to 0.9), else a log-normal number of tasks
 *       of a user's median; a job's tasks arrive together with one size, their total ask at most
 *       {@code jobCap}.</li>
 *   <li>A third of the users are bursty: they submit only in on-periods (mean 2 hours, a quarter of
 *       the time), at four times their rate; the others submit as a Poisson process whose rate
 *       follows the day (plus or minus 25%). The bursts are what makes a sample's peak stand above
 *       its mean, and so what a cell sized on the peak and then cut to 0.9 or 0.8 of it contends
 *       over.</li>
 * </ul>
 * Each user draws from its own stream of the seed, so a user's requests do not depend on which
 * other users a sample holds.
 *
 * @param users   the population
 * @param jobsPerS the whole population's mean job rate (the Google cell: 0.317)
 * @param days    how long the users submit
 * @param jobCap  the most a job's tasks ask together (normalised CPU or memory)
 */
public record UserPopulation(int users, double jobsPerS, double days, double jobCap) {

    static final long ROLE = 0x55534552L;
    static final double ACTIVITY_SIGMA = 1.5;
    private static final double BURSTY_SHARE = 1.0 / 3;
    private static final double ON_SHARE = 0.25;
    private static final double ON_MEAN_S = 2 * 3600;

    public UserPopulation {
        if (users < 1 || !(jobsPerS > 0) || !(days > 0) || !(jobCap > 0)) {
            throw new IllegalArgumentException("a population's parameters are out of range");
        }
    }

    public double horizonS() {
        return days * 86_400;
    }

    /** What one user is: its share of the jobs and the shape of its jobs. */
    private record Profile(
            double share,
            int classIndex,
            double singleTask,
            double tasksMedian,
            double cpuMedian,
            double cpuSigma,
            double memRatio,
            double durationFactor,
            boolean bursty) {}

    /** Every user's profile (the shares normalised), in user order. */
    private List<Profile> profiles(long seed) {
        List<Profile> raw = new ArrayList<>(users);
        double total = 0;
        for (int u = 0; u < users; u++) {
            SplittableRandom r = Seeds.stream(seed, ROLE, u, 0);
            double share = Draws.lognormal(r, 1, ACTIVITY_SIGMA);
            double c = r.nextDouble();
            int classIndex = c < 0.07 ? 0 : c < 0.64 ? 1 : 2;
            raw.add(new Profile(
                    share,
                    classIndex,
                    0.2 + 0.7 * r.nextDouble(),
                    Draws.lognormal(r, 10, 1),
                    Draws.lognormal(r, 0.025, 0.7),
                    0.2 + 1.2 * r.nextDouble(),
                    Draws.lognormal(r, 0.75, 0.3),
                    Draws.lognormal(r, 1, 0.7),
                    r.nextDouble() < BURSTY_SHARE));
            total += share;
        }
        List<Profile> profiles = new ArrayList<>(users);
        for (Profile p : raw) {
            profiles.add(new Profile(
                    p.share() / total,
                    p.classIndex(),
                    p.singleTask(),
                    p.tasksMedian(),
                    p.cpuMedian(),
                    p.cpuSigma(),
                    p.memRatio(),
                    p.durationFactor(),
                    p.bursty()));
        }
        return profiles;
    }

    /**
     * Every user's requests, in submit order each, for a population seed; the classes are taken in
     * order of importance (gold's role first).
     */
    public List<List<RequestSpec>> requests(long seed, ServiceClasses classes) {
        List<ServiceClass> byImportance = new ArrayList<>(classes.all());
        byImportance.sort(Comparator.comparingInt(ServiceClass::importance));
        if (byImportance.size() != 3) {
            throw new IllegalArgumentException("a population of three classes (gold, silver, bronze or their like)");
        }
        List<Profile> profiles = profiles(seed);
        List<List<RequestSpec>> all = new ArrayList<>(users);
        for (int u = 0; u < users; u++) {
            all.add(user(seed, u, profiles.get(u), byImportance));
        }
        return all;
    }

    private List<RequestSpec> user(long seed, int u, Profile p, List<ServiceClass> classes) {
        SplittableRandom r = Seeds.stream(seed, ROLE, u, 1);
        SplittableRandom times = Seeds.stream(seed, ROLE, u, 2);
        double rate = jobsPerS * p.share();
        double horizon = horizonS();
        List<RequestSpec> out = new ArrayList<>();
        double t = 0;
        double onUntil = -1;
        int job = 0;
        while (true) {
            if (p.bursty()) {
                // jobs only in on-periods, at rate / ON_SHARE; off-periods of 3 times the on-periods' mean
                if (t >= onUntil) {
                    t += Draws.exponential(times, ON_SHARE / ((1 - ON_SHARE) * ON_MEAN_S));
                    onUntil = t + Draws.exponential(times, 1 / ON_MEAN_S);
                }
                double next = t + Draws.exponential(times, rate / ON_SHARE);
                if (next >= onUntil) {
                    t = onUntil;
                    if (t >= horizon) {
                        break;
                    }
                    continue;
                }
                t = next;
            } else {
                double peak = rate * 1.25;
                do {
                    t += Draws.exponential(times, peak);
                } while (t < horizon && times.nextDouble() * peak > rate * daily(t));
            }
            if (t >= horizon) {
                break;
            }
            addJob(out, u, job++, t, p, classes, r);
        }
        return out;
    }

    private void addJob(
            List<RequestSpec> out,
            int u,
            int job,
            double t,
            Profile p,
            List<ServiceClass> classes,
            SplittableRandom r) {
        int classIndex = p.classIndex();
        if (r.nextDouble() < 0.1) {
            // another class, never gold: production jobs come from production users
            classIndex = classIndex == 1 ? 2 : 1;
        }
        ServiceClass c = classes.get(classIndex);
        int tasks = r.nextDouble() < p.singleTask()
                ? 1
                : (int) Math.min(5000, Math.max(2, Math.ceil(Draws.lognormal(r, p.tasksMedian(), 1.2))));
        double cpu = Math.min(0.5, Draws.lognormal(r, p.cpuMedian(), p.cpuSigma()));
        double mem = Math.min(0.5, cpu * p.memRatio() * Draws.lognormal(r, 1, 0.3));
        double scale = Math.min(1, jobCap / (tasks * Math.max(cpu, mem)));
        double jobCpu = round(cpu * scale);
        double jobMem = round(mem * scale);
        double duration = p.durationFactor()
                * (classIndex == 0
                        ? Draws.lognormal(r, 24 * 3600, 1.2)
                        : classIndex == 1 ? Draws.lognormal(r, 20 * 60, 1.8) : Draws.lognormal(r, 10 * 60, 1.5));
        for (int k = 0; k < tasks; k++) {
            double d = Math.min(duration * Draws.lognormal(r, 1, 0.3), horizonS());
            out.add(new RequestSpec(
                    "u" + u + "-" + job + "-" + k, t, Math.max(1, Math.rint(d)), jobCpu, jobMem, c, Map.of()));
        }
    }

    private static double daily(double t) {
        return 1 + 0.25 * StrictMath.sin(2 * StrictMath.PI * (t / 86_400 - 0.25));
    }

    private static double round(double x) {
        return Math.max(1e-4, Math.rint(x * 1e4) / 1e4);
    }
}
