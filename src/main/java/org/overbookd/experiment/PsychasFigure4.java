package org.overbookd.experiment;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;
import org.overbookd.io.InputException;
import org.overbookd.sim.types.ScenarioFile;
import org.overbookd.sim.types.TraceScenario;
import org.overbookd.sim.types.TypesResult;
import org.overbookd.sim.types.TypesScenario;
import org.overbookd.stats.MeanInterval;
import org.overbookd.sweep.SeedIntervals;

/**
 * Psychas and Ghaderi's Figure 4 (section 4.2) at the paper's scale: 800, 1,000 and 1,250 unit
 * servers, 3 seeds, all five policies and a sweep of Algorithm 1's beta, on the heavy-tailed,
 * job-structured stand-in {@code google-jobs} (sim/google-jobs.scenario; we do not have the trace).
 * The default run takes the first tenth of the paper's window (100,000 tasks); {@code --full} the
 * whole million. Parts: {@code queues} (mean queue per policy and size, mean of the seeds with its
 * 95% interval) and {@code idle} (where Algorithm 1 leaves capacity free).
 */
public final class PsychasFigure4 implements Experiment {

    static final String SCENARIO = "google-jobs";
    static final List<Integer> SERVERS = List.of(800, 1000, 1250);
    static final int SEEDS = 3;
    static final int FULL_TASKS = 1_000_000;
    static final int DEFAULT_TASKS = 100_000;

    /** Where the scenario's load is set: 90% of 800 servers. */
    private static final int TRACE_SERVERS = 800;

    private static final double TRACE_LOAD = 0.9;

    /** The five policies of the paper's comparison and ours (beta 0.5, the model's default), then the beta sweep. */
    private static final List<TypesVariant> VARIANTS = List.of(
            TypesVariant.maxweight("maxweight (Algorithm 1, beta 0.5)", 0.5, false),
            TypesVariant.of("m14 (as cited: per-server queues)", "m14"),
            TypesVariant.of("m14-central", "m14-central"),
            TypesVariant.of("g16 (reconstructed)", "g16"),
            TypesVariant.of("best-fit", "best-fit"),
            TypesVariant.maxweight("maxweight, beta 0.1", 0.1, false),
            TypesVariant.maxweight("maxweight, beta 0.3", 0.3, false),
            TypesVariant.maxweight("maxweight, beta 0.7", 0.7, false),
            TypesVariant.maxweight("maxweight, beta 0.9", 0.9, false),
            TypesVariant.maxweight("maxweight, beta 0.5, --recheck-empty", 0.5, true));

    /** The paper's three: Algorithm 1, M14, G16. */
    private static final List<Integer> PAPERS = List.of(0, 1, 3);

    @Override
    public String name() {
        return "psychas-figure4";
    }

    @Override
    public String summary() {
        return "Psychas and Ghaderi, Figure 4: 800, 1,000, 1,250 servers, 3 seeds, five policies and a beta sweep on"
                + " the heavy-tailed, job-structured stand-in google-jobs (100,000 tasks; --full: 1,000,000);"
                + " parts: queues, idle";
    }

    @Override
    public void run(Run run, PrintWriter out, PrintWriter err)
            throws ExperimentException, InterruptedException, InputException {
        String part = run.part();
        if (part != null && !part.equals("queues") && !part.equals("idle")) {
            throw new ExperimentException("psychas-figure4 has no part '" + part + "'; its parts: queues, idle");
        }
        int tasks = run.full() ? FULL_TASKS : DEFAULT_TASKS;
        boolean idleOnly = "idle".equals(part);
        // the idle table needs Algorithm 1 at beta 0.5 and m14-central only
        List<Integer> variants = new ArrayList<>();
        for (int v = 0; v < VARIANTS.size(); v++) {
            if (!idleOnly || v == 0 || v == 2) {
                variants.add(v);
            }
        }
        List<TypesScenario> bySeed = new ArrayList<>();
        for (long seed = 1; seed <= SEEDS; seed++) {
            bySeed.add(ScenarioFile.load(SCENARIO, seed, OptionalInt.of(TRACE_SERVERS), OptionalInt.of(tasks)));
        }
        err.printf(
                Locale.ROOT,
                "psychas-figure4: %d runs of %,d tasks on %d thread%s%n",
                SEEDS * SERVERS.size() * variants.size(),
                tasks,
                run.threads(),
                run.threads() == 1 ? "" : "s");
        err.flush();
        // results[variant][size][seed]
        List<Callable<TypesResult>> jobs = new ArrayList<>();
        for (int v : variants) {
            for (int n : SERVERS) {
                for (int s = 0; s < SEEDS; s++) {
                    TypesScenario scenario = TraceScenario.withServers(bySeed.get(s), n);
                    long seed = s + 1;
                    TypesVariant variant = VARIANTS.get(v);
                    jobs.add(() -> {
                        TypesResult r = variant.run().run(scenario, seed, scenario.horizon(), 10);
                        synchronized (err) {
                            err.printf(
                                    Locale.ROOT,
                                    "psychas-figure4: %s, %d servers, seed %d: mean queue %.2f%n",
                                    variant.label(),
                                    n,
                                    seed,
                                    r.meanQueue());
                            err.flush();
                        }
                        return r;
                    });
                }
            }
        }
        List<TypesResult> flat = Parallel.run(run.threads(), jobs);
        TypesResult[][][] results = new TypesResult[VARIANTS.size()][SERVERS.size()][SEEDS];
        int i = 0;
        for (int v : variants) {
            for (int n = 0; n < SERVERS.size(); n++) {
                for (int s = 0; s < SEEDS; s++) {
                    results[v][n][s] = flat.get(i++);
                }
            }
        }
        out.printf(
                Locale.ROOT,
                "Workload: %s, the heavy-tailed, job-structured stand-in of sim/google-jobs.scenario"
                        + " (we do not have the trace): %,d tasks%s, %.0f%% of %d unit servers' capacity; seeds 1-%d;"
                        + " each figure is the mean over the seeds [its 95%% interval, Student's t].%n",
                bySeed.get(0).provenance().describe(),
                tasks,
                run.full() ? " (the paper's window)" : " (a tenth of the paper's window; --full: 1,000,000)",
                100 * TRACE_LOAD,
                TRACE_SERVERS,
                SEEDS);
        if (!idleOnly) {
            out.print("\n");
            printQueues(out, results, variants);
        }
        if (part == null || idleOnly) {
            out.print("\n");
            printIdle(out, results);
        }
        out.flush();
    }

    private static String load(int servers) {
        return Markdown.plain(TRACE_LOAD * TRACE_SERVERS / servers, 2);
    }

    private static void printQueues(PrintWriter out, TypesResult[][][] results, List<Integer> variants) {
        List<String> header = new ArrayList<>(List.of("policy"));
        for (int n : SERVERS) {
            header.add(Markdown.number(n, 0) + " servers (load " + load(n) + ")");
        }
        Markdown table = new Markdown(header);
        for (int v : variants) {
            List<String> row = new ArrayList<>(List.of(VARIANTS.get(v).label()));
            for (int n = 0; n < SERVERS.size(); n++) {
                row.add(cell(interval(results[v][n], TypesResult::meanQueue), 1));
            }
            table.row(row);
        }
        out.print("Mean queue (VMs waiting, time average over the run):\n\n");
        table.print(out);
        out.print("\n");
        for (int n = 0; n < SERVERS.size(); n++) {
            double least = Double.POSITIVE_INFINITY;
            for (int v : PAPERS) {
                least = Math.min(
                        least, interval(results[v][n], TypesResult::meanQueue).mean());
            }
            List<String> best = new ArrayList<>();
            for (int v : PAPERS) {
                // equal as printed: a tie
                if (Markdown.number(
                                interval(results[v][n], TypesResult::meanQueue).mean(), 1)
                        .equals(Markdown.number(least, 1))) {
                    best.add(VARIANTS.get(v).policy());
                }
            }
            out.printf(
                    Locale.ROOT,
                    "- %s servers: of the paper's three (maxweight, m14, g16), the smallest mean queue:" + " %s%s.%n",
                    Markdown.number(SERVERS.get(n), 0),
                    String.join(" and ", best),
                    best.size() > 1 ? " (tied at " + Markdown.number(least, 1) + ")" : "");
        }
        out.print("- The paper (Figure 4, averages of 3 runs on the trace): Algorithm 1 the best at every size from 800"
                + " to 1,250; M14 worse as servers scale down, G16 worse as they scale up.\n");
    }

    private static void printIdle(PrintWriter out, TypesResult[][][] results) {
        out.print("Where the free capacity sat (percent of the cluster's capacity, time average, mean of the seeds):"
                + " Algorithm 1 (beta 0.5) inside servers that schedule, inside stalled servers still running VMs"
                + " (waiting for their last VM to leave), inside stalled empty servers; and m14-central, which never"
                + " stalls:\n\n");
        Markdown table = new Markdown(
                "servers (load)",
                "maxweight mean queue",
                "free in active servers",
                "free in stalled servers running VMs",
                "free in stalled empty servers",
                "m14-central: free, mean queue");
        for (int n = 0; n < SERVERS.size(); n++) {
            TypesResult[] a = results[0][n];
            TypesResult[] c = results[2][n];
            double centralFree = interval(c, r -> r.idleActive() + r.idleStalledRunning() + r.idleStalledEmpty())
                    .mean();
            table.row(
                    Markdown.number(SERVERS.get(n), 0) + " (" + load(SERVERS.get(n)) + ")",
                    Markdown.number(interval(a, TypesResult::meanQueue).mean(), 1),
                    percent(interval(a, TypesResult::idleActive).mean()),
                    percent(interval(a, TypesResult::idleStalledRunning).mean()),
                    percent(interval(a, TypesResult::idleStalledEmpty).mean()),
                    percent(centralFree) + ", "
                            + Markdown.number(
                                    interval(c, TypesResult::meanQueue).mean(), 1));
        }
        table.print(out);
    }

    private static String percent(double share) {
        return Markdown.plain(100 * share, 2) + "%";
    }

    private static MeanInterval interval(TypesResult[] seeds, ToDoubleFunction<TypesResult> metric) {
        double[] values = new double[seeds.length];
        for (int s = 0; s < seeds.length; s++) {
            values[s] = metric.applyAsDouble(seeds[s]);
        }
        return MeanInterval.of(SeedIntervals.CONFIDENCE, values);
    }

    /** "1,234.5 [1,100.2, 1,368.8]". */
    static String cell(MeanInterval m, int decimals) {
        return Markdown.number(m.mean(), decimals) + " [" + Markdown.number(m.low(), decimals) + ", "
                + Markdown.number(m.high(), decimals) + "]";
    }
}
