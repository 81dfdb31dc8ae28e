package org.overbookd.experiment;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import org.overbookd.io.InputException;
import org.overbookd.sim.types.ScenarioFile;
import org.overbookd.sim.types.TypesResult;
import org.overbookd.sim.types.TypesScenario;

/**
 * Psychas and Ghaderi's Examples 1 and 2 (figures 1 and 2): the built-in scenarios {@code example1}
 * and {@code example2}, seed 1, their own horizon of 20,000, every policy at the model's defaults
 * (beta 0.5, the automatic solver, largest-first padding). Parts: {@code example-1} (the five
 * policies), {@code example-1-beta} (Algorithm 1's mean queue as beta moves), {@code example-2} (the
 * five policies and Algorithm 1 with {@code --recheck-empty}). The papers give figures, not numbers,
 * so the tables hold ours only; sim/README-maxweight.md sets them beside the figures.
 */
public final class PsychasExamples implements Experiment {

    static final long SEED = 1;
    static final List<String> PARTS = List.of("example-1", "example-1-beta", "example-2");
    static final List<Double> BETAS = List.of(0.2, 0.35, 0.5, 0.7, 0.8, 0.9, 0.95);

    private static final TypesVariant MAXWEIGHT =
            TypesVariant.maxweight("maxweight (Algorithm 1, beta 0.5)", 0.5, false);
    private static final List<TypesVariant> OTHERS = List.of(
            TypesVariant.of("m14", "m14"),
            TypesVariant.of("m14-central", "m14-central"),
            TypesVariant.of("g16", "g16"),
            TypesVariant.of("best-fit", "best-fit"));

    @Override
    public String name() {
        return "psychas-examples";
    }

    @Override
    public String summary() {
        return "Psychas and Ghaderi, Examples 1 and 2 (figures 1 and 2): five policies on example1 and example2,"
                + " seed 1, horizon 20,000, and Example 1's beta; parts: " + String.join(", ", PARTS);
    }

    @Override
    public void run(Run run, PrintWriter out, PrintWriter err)
            throws ExperimentException, InterruptedException, InputException {
        String part = run.part();
        if (part != null && !PARTS.contains(part)) {
            throw new ExperimentException(
                    "psychas-examples has no part '" + part + "'; its parts: " + String.join(", ", PARTS));
        }
        boolean first = true;
        if (part == null || part.equals("example-1")) {
            List<TypesVariant> rows = new ArrayList<>(List.of(MAXWEIGHT));
            rows.addAll(OTHERS);
            policies(run, "example1", rows, out, err);
            first = false;
        }
        if (part == null || part.equals("example-1-beta")) {
            if (!first) {
                out.print("\n");
            }
            List<TypesVariant> rows = new ArrayList<>();
            BETAS.forEach(b -> rows.add(TypesVariant.maxweight("beta " + b, b, false)));
            List<TypesResult> results = runAll(run, "example1", rows, err);
            List<String> header = new ArrayList<>(List.of("beta"));
            List<String> queue = new ArrayList<>(List.of("mean queue"));
            for (int i = 0; i < BETAS.size(); i++) {
                header.add(plainBeta(BETAS.get(i)));
                queue.add(Markdown.number(results.get(i).meanQueue(), 2));
            }
            new Markdown(header).row(queue).print(out);
            first = false;
        }
        if (part == null || part.equals("example-2")) {
            if (!first) {
                out.print("\n");
            }
            List<TypesVariant> rows = new ArrayList<>(
                    List.of(MAXWEIGHT, TypesVariant.maxweight("maxweight, --recheck-empty", 0.5, true)));
            rows.addAll(OTHERS);
            policies(run, "example2", rows, out, err);
        }
        out.flush();
    }

    private static void policies(Run run, String scenario, List<TypesVariant> rows, PrintWriter out, PrintWriter err)
            throws InterruptedException, InputException {
        List<TypesResult> results = runAll(run, scenario, rows, err);
        Markdown table = new Markdown("policy", "mean queue", "max queue", "final queue", "mean delay", "throughput");
        for (int i = 0; i < rows.size(); i++) {
            TypesResult r = results.get(i);
            table.row(
                    rows.get(i).label(),
                    Markdown.number(r.meanQueue(), 2),
                    Markdown.number(r.maxQueue(), 0),
                    Markdown.number(r.finalQueue(), 0),
                    Markdown.number(r.meanDelay(), 2),
                    Markdown.plain(r.throughput(), 3));
        }
        table.print(out);
    }

    /** Each variant on the scenario at seed 1 and its own horizon, in the variants' order whatever the threads. */
    private static List<TypesResult> runAll(Run run, String name, List<TypesVariant> variants, PrintWriter err)
            throws InterruptedException, InputException {
        TypesScenario scenario = ScenarioFile.load(name, SEED, OptionalInt.empty());
        List<Callable<TypesResult>> jobs = new ArrayList<>();
        for (TypesVariant v : variants) {
            jobs.add(() -> {
                TypesResult r = v.run().run(scenario, SEED, scenario.horizon(), 10);
                synchronized (err) {
                    err.printf(
                            Locale.ROOT, "psychas-examples: %s, %s: mean queue %.2f%n", name, v.label(), r.meanQueue());
                    err.flush();
                }
                return r;
            });
        }
        return Parallel.run(run.threads(), jobs);
    }

    /** 0.2, 0.35, 0.95: as the README writes beta. */
    private static String plainBeta(double beta) {
        String s = Markdown.plain(beta, 2);
        return s.endsWith("0") ? s.substring(0, s.length() - 1) : s;
    }
}
