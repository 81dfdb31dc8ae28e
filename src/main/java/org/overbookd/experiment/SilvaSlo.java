package org.overbookd.experiment;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.overbookd.io.Provenance;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.policy.qos.ServiceClasses;
import org.overbookd.sim.requests.CellSizing;
import org.overbookd.stats.MeanInterval;
import org.overbookd.sweep.SeedIntervals;

/**
 * The experiment of the companion SLO-driven paper (the conference version of the same scheduler,
 * in Portuguese): 12 workloads drawn as section 4.2 draws them (six k-means groups of users, 10% of
 * each), classes prod (priority above 8, 100%), batch (90%) and free (priority below 2, 50%), each on
 * ceil(N) unit servers and on N + 0.1N, N - 0.1N and N - 0.2N of them, under both schedulers (EBP,
 * the priority baseline; EDSLO, the QoS-driven one). The same stand-in population as
 * {@link SilvaSection5}. Parts: {@code all-met} (workloads whose every SLO is met, per size),
 * {@code deficits} (the range of the QoS deficits per class and size), {@code satisfaction} (SLO
 * satisfaction per class with its 95% interval over the workloads, the paper's Table 1).
 */
public final class SilvaSlo implements Experiment {

    static final int WORKLOADS = 12;
    static final List<Double> FACTORS = List.of(1.1, 1.0, 0.9, 0.8);
    static final List<String> SIZES = List.of("1.1N (no contention)", "N (low)", "0.9N (medium)", "0.8N (high)");
    /** Section 5: the workloads on which each scheduler met every SLO, per size (EDSLO, EBP). */
    static final List<String> PAPER_EDSLO =
            List.of("12 of 12", "10 of 12 (all but 6, 7)", "7 of 12 (1, 4, 8-12)", "3 of 12 (4, 11, 12)");

    static final List<String> PAPER_EBP = List.of("12 of 12", "2 of 12 (5, 9)", "-", "-");

    private static final List<String> PARTS = List.of("all-met", "deficits", "satisfaction");

    static ServiceClasses classes() {
        return new ServiceClasses(List.of(
                ServiceClass.of("prod", 1.0, 1, 3),
                ServiceClass.of("batch", 0.9, 2, 2),
                ServiceClass.of("free", 0.5, 3, 1)));
    }

    @Override
    public String name() {
        return "silva-slo";
    }

    @Override
    public String summary() {
        return "the companion SLO-driven paper: 12 workloads x 1.1N, N, 0.9N, 0.8N unit servers, both schedulers, on"
                + " silva-section5's stand-in: parts all-met, deficits, satisfaction";
    }

    @Override
    public void run(Run run, PrintWriter out, PrintWriter err) throws ExperimentException, InterruptedException {
        String part = run.part();
        if (part != null && !PARTS.contains(part)) {
            throw new ExperimentException(
                    "silva-slo has no part '" + part + "'; its parts: " + String.join(", ", PARTS));
        }
        ServiceClasses classes = classes();
        SilvaSection5.Samples samples =
                SilvaSection5.Samples.draw(SilvaSection5.population(run.full()), classes, WORKLOADS, err);
        List<List<PairedSample>> bySize = samples.run(
                run.threads(), FACTORS, (peak, factor, seed) -> CellSizing.unitServers(peak, factor), classes, err);
        Provenance workload = SilvaSection5.Samples.provenance("google-users");
        out.printf(
                Locale.ROOT,
                "Workload: %s, silva-section5's stand-in of %d generated users (%s); %d workloads of"
                        + " %,d to %,d requests, each 10%% of the users of each of its %d k-means groups; ceil(N) unit"
                        + " servers (1 x 1) for N the larger peak, and N + 0.1N, N - 0.1N, N - 0.2N of them; EBP is the"
                        + " priority baseline, EDSLO the QoS-driven scheduler, exact, 10 s watchdog and safety margin.%n",
                workload.describe(),
                SilvaSection5.USERS,
                run.full() ? "29 days, --full" : "4 days; --full: 29",
                WORKLOADS,
                samples.smallest(),
                samples.largest(),
                samples.groupCount());
        if (part == null || part.equals("all-met")) {
            printAllMet(out, bySize);
        }
        if (part == null || part.equals("deficits")) {
            printDeficits(out, bySize, classes);
        }
        if (part == null || part.equals("satisfaction")) {
            printSatisfaction(out, bySize, classes);
        }
        out.flush();
    }

    private static void printAllMet(PrintWriter out, List<List<PairedSample>> bySize) {
        out.print("\nWorkloads on which a scheduler met every SLO:\n\n");
        Markdown t =
                new Markdown("size (contention)", "EDSLO, ours", "EBP, ours", "EDSLO, the paper", "EBP, the paper");
        for (int z = 0; z < FACTORS.size(); z++) {
            t.row(
                    SIZES.get(z),
                    PairedSample.allMet(bySize.get(z), true, 1),
                    PairedSample.allMet(bySize.get(z), false, 1),
                    PAPER_EDSLO.get(z),
                    PAPER_EBP.get(z));
        }
        t.print(out);
    }

    private static void printDeficits(PrintWriter out, List<List<PairedSample>> bySize, ServiceClasses classes) {
        out.print("\nQoS deficits of the requests that missed their SLO, all workloads together: violations and the"
                + " range [smallest, largest] of the deficit, in percent of availability:\n\n");
        Markdown t = new Markdown("size (contention)", "class", "EDSLO", "EBP");
        for (int z = 0; z < FACTORS.size(); z++) {
            for (ServiceClass c : classes.all()) {
                t.row(
                        SIZES.get(z),
                        c.name(),
                        range(PairedSample.deficits(bySize.get(z), c.name(), true)),
                        range(PairedSample.deficits(bySize.get(z), c.name(), false)));
            }
        }
        t.print(out);
        out.print("\nThe paper (section 5.2, at 0.9N, on its workload 2): prod deficits [0.00004%, 1.01%] under EDSLO"
                + " against [0.003%, 6.24%] under EBP; in general smaller and less spread under EDSLO.\n");
    }

    private static String range(List<Double> deficits) {
        if (deficits.isEmpty()) {
            return "none";
        }
        double min = deficits.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = deficits.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return Markdown.number(deficits.size(), 0) + ": [" + percent(min) + ", " + percent(max) + "]";
    }

    /** A deficit in percent, with the digits a small one needs (0.00004%). */
    private static String percent(double share) {
        double p = 100 * share;
        return (p >= 0.01 || p == 0 ? Markdown.plain(p, 2) : String.format(Locale.ROOT, "%.1g", p)) + "%";
    }

    private static void printSatisfaction(PrintWriter out, List<List<PairedSample>> bySize, ServiceClasses classes) {
        out.print("\nSLO satisfaction per class at 0.8N (high contention): the mean over the workloads of each"
                + " workload's share of requests that met the SLO, in percent, [95% interval, Student's t over the 12"
                + " workloads]; the paper's Table 1 gives intervals only (their method unnamed):\n\n");
        Markdown t = new Markdown("scheduler", "prod", "batch", "free");
        List<PairedSample> high = bySize.get(FACTORS.indexOf(0.8));
        for (boolean qos : new boolean[] {false, true}) {
            List<String> row = new ArrayList<>(List.of(qos ? "EDSLO, ours" : "EBP, ours"));
            for (ServiceClass c : classes.all()) {
                double[] shares = high.stream()
                        .map(s -> (qos ? s.qos : s.priority).get(c.name()))
                        .filter(tot -> tot.requests() > 0)
                        .mapToDouble(tot -> 100 * tot.fulfilment())
                        .toArray();
                MeanInterval m = MeanInterval.of(SeedIntervals.CONFIDENCE, shares);
                row.add(
                        shares.length == 0
                                ? "-"
                                : Markdown.plain(m.mean(), 2) + " [" + Markdown.plain(m.low(), 2) + ", "
                                        + Markdown.plain(m.high(), 2) + "]");
            }
            t.row(row);
        }
        t.row("EBP, the paper", "[97.98, 100.0]", "[98.84, 99.75]", "[96.12, 100]");
        t.row("EDSLO, the paper", "[79.00, 100]", "[98.33, 99.5]", "[98.33, 99.5]");
        t.print(out);
    }
}
