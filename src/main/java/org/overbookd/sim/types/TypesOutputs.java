package org.overbookd.sim.types;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.overbookd.io.CsvTable;
import org.overbookd.io.Decimals;
import org.overbookd.io.Provenance;

/**
 * summary.csv (one row per policy, ending with the workload's provenance) and queue.csv (one row per policy and sample time) of a VM-type
 * run, through io's CsvTable (which closes the writer). Fixed decimals ({@link Decimals#FORMATTER}), so
 * that the same seed gives the same bytes.
 */
public final class TypesOutputs {

    public static final List<String> SUMMARY_HEADER = List.of(
            "policy",
            "beta",
            "mean_queue",
            "max_queue",
            "mean_delay",
            "throughput",
            "scenario",
            "solver",
            "padding",
            "seed",
            "horizon",
            "arrivals",
            "started",
            "completed",
            "final_queue",
            "idle_active",
            "idle_stalled_running",
            "idle_stalled_empty",
            Provenance.COLUMNS.get(0),
            Provenance.COLUMNS.get(1),
            Provenance.COLUMNS.get(2));

    private TypesOutputs() {}

    public static void writeSummary(
            Writer out, TypesScenario scenario, String padding, long seed, List<TypesResult> results)
            throws IOException {
        List<List<String>> rows = new ArrayList<>();
        for (TypesResult r : results) {
            List<String> row = new ArrayList<>(SUMMARY_HEADER.size());
            row.addAll(List.of(
                    r.policy(),
                    Double.isNaN(r.beta()) ? "" : plain(r.beta()),
                    fixed(r.meanQueue(), 3),
                    Long.toString(r.maxQueue()),
                    fixed(r.meanDelay(), 4),
                    fixed(r.throughput(), 4),
                    scenario.name(),
                    r.solver(),
                    r.solver().isEmpty() ? "" : padding,
                    Long.toString(seed),
                    plain(r.horizon()),
                    Long.toString(r.arrivals()),
                    Long.toString(r.started()),
                    Long.toString(r.completed()),
                    Long.toString(r.finalQueue()),
                    fixed(r.idleActive(), 4),
                    fixed(r.idleStalledRunning(), 4),
                    fixed(r.idleStalledEmpty(), 4)));
            row.addAll(scenario.provenance().cells());
            rows.add(row);
        }
        CsvTable.write(out, SUMMARY_HEADER, rows);
    }

    /** policy, time, total, then q_TYPE per type in scenario order. */
    public static void writeQueues(Writer out, TypesScenario scenario, List<TypesResult> results) throws IOException {
        List<String> header = new ArrayList<>(List.of("policy", "time", "total"));
        for (VmType t : scenario.types()) {
            header.add("q_" + t.name());
        }
        List<List<String>> rows = new ArrayList<>();
        for (TypesResult r : results) {
            QueueSamples s = r.samples();
            for (int i = 0; i < s.size(); i++) {
                List<String> row = new ArrayList<>(header.size());
                row.add(r.policy());
                row.add(fixed(s.times()[i], 4));
                row.add(Long.toString(s.total(i)));
                for (long q : s.queues()[i]) {
                    row.add(Long.toString(q));
                }
                rows.add(row);
            }
        }
        CsvTable.write(out, header, rows);
    }

    static String fixed(double value, int decimals) {
        return Decimals.FORMATTER.fixed(value, decimals);
    }

    /** The shortest exact decimal of a setting: 0.5, 20000. */
    static String plain(double value) {
        return new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
    }
}
