package org.overbookd.experiment;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;
import org.overbookd.policy.hybrid.HybridPolicy;
import org.overbookd.policy.hybrid.HybridSettings;
import org.overbookd.sim.slots.Infrastructure;
import org.overbookd.sim.slots.SlotResult;
import org.overbookd.sim.slots.SlotSimulation;
import org.overbookd.sim.slots.Workloads;

/**
 * Çavdar et al.'s Table 2 on the slot model's default scenario ({@code steady}, tuned to HYBRID's
 * row, so that row is a fit, not a result), Table 1's servers, 200 sticky slots, PRI5, section 3.2's
 * victim rule: HYBRID, PRI and PRI5 on the same tasks of seeds 1-5. Parts: {@code table-2} (seed 1
 * beside the paper), {@code ratios} (HYBRID and PRI5 over PRI, seed 1 and the five seeds together)
 * and {@code seeds} (each seed).
 */
public final class HybridTable2 implements Experiment {

    static final List<String> PARTS = List.of("table-2", "ratios", "seeds");
    static final int SEEDS = 5;

    /** Table 2 of the paper: HYBRID, PRI, PRI5; "-" where it gives none. */
    private static final String[][] PAPER = {
        {"1,231", "8,509", "4,857"}, // NE_priority
        {"4", "14", "4"}, // max(pe)
        {"1.1", "2.23", "1.72"}, // pe-bar
        {"-", "-", "400"}, // task drops
        {"20.9", "141", "95"}, // WE, 10^3 CPU-s
    };
    /** The paper's ratios to PRI: HYBRID then PRI5, for NE_priority, WE and pe-bar. */
    private static final String[][] PAPER_RATIOS = {{"0.145", "0.571"}, {"0.148", "0.674"}, {"0.49", "0.77"}};

    /** One seed's three runs on the same tasks. */
    private record Seed(int tasks, SlotResult hybrid, SlotResult pri, SlotResult priN) {

        SlotResult get(int policy) {
            return policy == 0 ? hybrid : policy == 1 ? pri : priN;
        }
    }

    @Override
    public String name() {
        return "hybrid-table2";
    }

    @Override
    public String summary() {
        return "Çavdar et al., Table 2: HYBRID, PRI and PRI5 on the slot model's steady scenario (tuned to HYBRID's"
                + " row), Table 1's servers, seeds 1-5; parts: " + String.join(", ", PARTS);
    }

    @Override
    public void run(Run run, PrintWriter out, PrintWriter err) throws ExperimentException, InterruptedException {
        String part = run.part();
        if (part != null && !PARTS.contains(part)) {
            throw new ExperimentException(
                    "hybrid-table2 has no part '" + part + "'; its parts: " + String.join(", ", PARTS));
        }
        List<Seed> seeds = runSeeds("table-2".equals(part) ? 1 : SEEDS, run.threads(), err);
        out.print("Workload: "
                + Workloads.synthetic(Workloads.Scenario.STEADY, 1).provenance().describe()
                + ", tuned to HYBRID's row of Table 2 (that row is a fit, not a result); Table 1's servers, "
                + HybridSettings.PAPER_STICKY_SLOTS + " sticky slots, PRI" + HybridSettings.PAPER_EVICTION_LIMIT
                + ", victims by section 3.2's rule.\n");
        if (part == null || part.equals("table-2")) {
            out.print("\n");
            table2(seeds.get(0), out);
        }
        if (part == null || part.equals("ratios")) {
            out.print("\n");
            ratios(seeds, out);
        }
        if (part == null || part.equals("seeds")) {
            out.print("\n");
            perSeed(seeds, out);
        }
        out.flush();
    }

    private static List<Seed> runSeeds(int count, int threads, PrintWriter err) throws InterruptedException {
        Infrastructure infra = Infrastructure.table1();
        List<List<org.overbookd.sim.slots.Task>> tasks = new ArrayList<>();
        for (long seed = 1; seed <= count; seed++) {
            tasks.add(Workloads.synthetic(Workloads.Scenario.STEADY, seed).tasks());
        }
        List<Callable<SlotResult>> jobs = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            long seed = s + 1;
            List<org.overbookd.sim.slots.Task> t = tasks.get(s);
            jobs.add(() -> report(
                    err,
                    seed,
                    new SlotSimulation(infra, t, HybridPolicy.hybrid(HybridSettings.PAPER_STICKY_SLOTS, seed)).run()));
            jobs.add(() -> report(err, seed, new SlotSimulation(infra, t, HybridPolicy.pri(seed)).run()));
            jobs.add(() -> report(
                    err,
                    seed,
                    new SlotSimulation(infra, t, HybridPolicy.priN(HybridSettings.PAPER_EVICTION_LIMIT, seed)).run()));
        }
        List<SlotResult> flat = Parallel.run(threads, jobs);
        List<Seed> seeds = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            seeds.add(new Seed(tasks.get(s).size(), flat.get(3 * s), flat.get(3 * s + 1), flat.get(3 * s + 2)));
        }
        return seeds;
    }

    private static SlotResult report(PrintWriter err, long seed, SlotResult r) {
        synchronized (err) {
            err.printf(Locale.ROOT, "hybrid-table2: %s, seed %d: %d evictions%n", r.policy(), seed, r.evictions());
            err.flush();
        }
        return r;
    }

    private static void table2(Seed one, PrintWriter out) {
        out.printf(Locale.ROOT, "Seed 1 (%s tasks), the paper / ours:%n%n", Markdown.number(one.tasks(), 0));
        Markdown table = new Markdown("metric", "HYBRID (paper / ours)", "PRI (paper / ours)", "PRI5 (paper / ours)");
        String[] metrics = {"NE_priority", "max(pe)", "pe-bar", "task drops", "WE (10^3 CPU-s)"};
        for (int m = 0; m < metrics.length; m++) {
            List<String> row = new ArrayList<>(List.of(metrics[m]));
            for (int p = 0; p < 3; p++) {
                row.add(PAPER[m][p] + " / " + figure(m, one.get(p)));
            }
            table.row(row);
        }
        table.print(out);
    }

    /** Our figure of Table 2's metric {@code m}. */
    private static String figure(int m, SlotResult r) {
        return switch (m) {
            case 0 -> Markdown.number(r.evictions(), 0);
            case 1 -> Integer.toString(r.maxEvictions());
            case 2 -> Markdown.plain(r.meanEvictionsPerEvictedTask(), 2);
            case 3 -> Markdown.number(r.dropped(), 0);
            default -> Markdown.plain(r.wastedCpuSeconds() / 1000, 1);
        };
    }

    private static void ratios(List<Seed> seeds, PrintWriter out) {
        out.print("As ratios to PRI, the comparison the paper makes (ours on seed 1, and on seeds 1-" + seeds.size()
                + " together: sums of NE and WE, pe-bar as all evictions over all evicted tasks):\n\n");
        Markdown table = new Markdown(
                "ratio to PRI",
                "HYBRID paper",
                "HYBRID ours, seed 1",
                "HYBRID ours, seeds 1-" + seeds.size(),
                "PRI5 paper",
                "PRI5 ours, seed 1",
                "PRI5 ours, seeds 1-" + seeds.size());
        List<Seed> first = seeds.subList(0, 1);
        table.row(
                "NE_priority",
                PAPER_RATIOS[0][0],
                ratio(first, 0, r -> r.evictions(), 3),
                ratio(seeds, 0, r -> r.evictions(), 3),
                PAPER_RATIOS[0][1],
                ratio(first, 2, r -> r.evictions(), 3),
                ratio(seeds, 2, r -> r.evictions(), 3));
        table.row(
                "WE",
                PAPER_RATIOS[1][0],
                ratio(first, 0, SlotResult::wastedCpuSeconds, 3),
                ratio(seeds, 0, SlotResult::wastedCpuSeconds, 3),
                PAPER_RATIOS[1][1],
                ratio(first, 2, SlotResult::wastedCpuSeconds, 3),
                ratio(seeds, 2, SlotResult::wastedCpuSeconds, 3));
        table.row(
                "pe-bar",
                PAPER_RATIOS[2][0],
                peBarRatio(first, 0),
                peBarRatio(seeds, 0),
                PAPER_RATIOS[2][1],
                peBarRatio(first, 2),
                peBarRatio(seeds, 2));
        table.print(out);
    }

    /** The policy's sum of the metric over the seeds, over PRI's. */
    private static String ratio(List<Seed> seeds, int policy, ToDoubleFunction<SlotResult> metric, int decimals) {
        double ours = 0;
        double pri = 0;
        for (Seed s : seeds) {
            ours += metric.applyAsDouble(s.get(policy));
            pri += metric.applyAsDouble(s.pri());
        }
        return Markdown.plain(ours / pri, decimals);
    }

    /** pe-bar over the seeds together (all evictions over all evicted tasks), the policy's over PRI's. */
    private static String peBarRatio(List<Seed> seeds, int policy) {
        return Markdown.plain(peBar(seeds, policy) / peBar(seeds, 1), 2);
    }

    private static double peBar(List<Seed> seeds, int policy) {
        long evictions = 0;
        long evicted = 0;
        for (Seed s : seeds) {
            evictions += s.get(policy).evictions();
            evicted += s.get(policy).evictedTasks();
        }
        return (double) evictions / evicted;
    }

    private static void perSeed(List<Seed> seeds, PrintWriter out) {
        out.print("Each seed:\n\n");
        Markdown table = new Markdown(
                "seed",
                "tasks",
                "NE HYBRID / PRI / PRI5",
                "WE (10^3) HYBRID / PRI / PRI5",
                "max(pe) HYBRID / PRI",
                "pe-bar HYBRID / PRI",
                "PRI5 drops");
        for (int s = 0; s < seeds.size(); s++) {
            Seed seed = seeds.get(s);
            table.row(
                    Integer.toString(s + 1),
                    Markdown.number(seed.tasks(), 0),
                    figure(0, seed.hybrid()) + " / " + figure(0, seed.pri()) + " / " + figure(0, seed.priN()),
                    figure(4, seed.hybrid()) + " / " + figure(4, seed.pri()) + " / " + figure(4, seed.priN()),
                    figure(1, seed.hybrid()) + " / " + figure(1, seed.pri()),
                    figure(2, seed.hybrid()) + " / " + figure(2, seed.pri()),
                    figure(3, seed.priN()));
        }
        table.print(out);
    }
}
