package org.overbookd.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.overbookd.io.CsvTable;
import org.overbookd.io.Decimals;
import org.overbookd.io.InputException;
import org.overbookd.io.Provenance;
import org.overbookd.sim.requests.PairedCharts;
import org.overbookd.sim.requests.PairedRuns;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "compare",
        description = {
            "Pair two request-simulation runs of one workload (figure 6 of Silva et al.): a heat map per class",
            "of each request's availability under DIR_A (across) and DIR_B (up), and compare.csv with the",
            "SLO quadrants and the penalty increase of A over B, (penalty A - penalty B) / penalty B."
        },
        footer = {"", "Example:", "  overbookd compare results/priority results/qos --out results/compare"})
final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR_A", description = "Output of one run (the baseline, e.g. priority).")
    Path dirA;

    @Parameters(index = "1", paramLabel = "DIR_B", description = "Output of the other run (e.g. qos).")
    Path dirB;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "DIR",
            description = "Output directory (created if missing).")
    Path out;

    @Override
    public Integer call() {
        Map<String, PairedRuns.ClassPairs> pairs;
        Provenance workload;
        try {
            pairs = PairedRuns.read(dirA, dirB);
            workload = PairedRuns.workload(dirA);
            Provenance other = PairedRuns.workload(dirB);
            if (!other.equals(workload)) {
                // the same request ids, but the runs say they read different workloads: say so, then compare
                spec.commandLine()
                        .getErr()
                        .println("overbookd: warning: " + dirA + " ran on " + workload.describe() + ", " + dirB + " on "
                                + other.describe() + "; the charts and compare.csv name the first");
            }
        } catch (InputException e) {
            spec.commandLine().getErr().println("overbookd: " + e.getMessage());
            return ExitCodes.of(e);
        }
        String nameA = dirA.getFileName() == null ? "A" : dirA.getFileName().toString();
        String nameB = dirB.getFileName() == null ? "B" : dirB.getFileName().toString();
        try {
            Files.createDirectories(out);
            for (Map.Entry<String, PairedRuns.ClassPairs> e : pairs.entrySet()) {
                PairedCharts.write(out, e.getKey(), e.getValue(), nameA, nameB, workload);
            }
            writeTable(out.resolve("compare.csv"), pairs, workload);
        } catch (IOException e) {
            spec.commandLine().getErr().println("overbookd: " + Main.writeFailure(out, e));
            return ExitCodes.CANT_CREATE;
        }
        spec.commandLine().getOut().println("compare.csv and " + pairs.size() + " heat maps in " + out);
        return ExitCodes.OK;
    }

    private static void writeTable(Path file, Map<String, PairedRuns.ClassPairs> pairs, Provenance workload)
            throws IOException {
        double totalA = 0;
        double totalB = 0;
        List<String> header = new ArrayList<>(List.of(
                "class",
                "pairs",
                "both_met",
                "only_a_met",
                "only_b_met",
                "neither_met",
                "penalty_a",
                "penalty_b",
                "penalty_increase"));
        header.addAll(Provenance.COLUMNS);
        try (CsvTable csv = CsvTable.create(file, header, Decimals.FORMATTER)) {
            for (Map.Entry<String, PairedRuns.ClassPairs> e : pairs.entrySet()) {
                PairedRuns.ClassPairs p = e.getValue();
                totalA += p.penaltyA;
                totalB += p.penaltyB;
                csv.text(e.getKey())
                        .count(p.pairs)
                        .text(share(p.bothMet, p))
                        .text(share(p.onlyA, p))
                        .text(share(p.onlyB, p))
                        .text(share(p.neither, p))
                        .fixed(p.penaltyA, 6)
                        .fixed(p.penaltyB, 6)
                        .text(increase(p.penaltyA, p.penaltyB));
                workload.cells().forEach(csv::text);
                csv.endRow();
            }
            int n = pairs.values().stream().mapToInt(p -> p.pairs).sum();
            csv.text("all")
                    .count(n)
                    .empty()
                    .empty()
                    .empty()
                    .empty()
                    .fixed(totalA, 6)
                    .fixed(totalB, 6)
                    .text(increase(totalA, totalB));
            workload.cells().forEach(csv::text);
            csv.endRow();
        }
    }

    private static String share(int count, PairedRuns.ClassPairs p) {
        return f(p.pairs == 0 ? 0 : (double) count / p.pairs);
    }

    /** Relative increase of A's penalty over B's; empty when B owes nothing. */
    private static String increase(double a, double b) {
        return b == 0 ? "" : f((a - b) / b);
    }

    private static String f(double v) {
        return Decimals.FORMATTER.fixed(v, 6);
    }
}
