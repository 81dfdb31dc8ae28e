package org.overbookd.sim.requests;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.overbookd.io.CsvTable;
import org.overbookd.io.Decimals;
import org.overbookd.io.Provenance;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.policy.qos.ServiceClasses;

/**
 * Writes requests.csv, classes.csv, intervals.csv and penalties.csv through io's CsvTable, with
 * {@link Decimals#SCALED} rounding (the fast one; its bytes are these files' format).
 *
 * <p>Streams: a run hands it each outcome as the request terminates, which goes straight to
 * requests.csv and penalties.csv; what classes.csv needs is kept as numbers per class (a month of
 * a Google cell is 25 million requests), and classes.csv and intervals.csv are written at the end.
 */
public final class ResultFiles implements Consumer<RequestOutcome>, Closeable {

    private final Path dir;
    private final ServiceClasses classes;
    private final Provenance workload;
    private final CsvTable requests;
    private final CsvTable penalties;
    private final Map<ServiceClass, ClassTotals> totals = new LinkedHashMap<>();
    private long count;

    private ResultFiles(Path dir, ServiceClasses classes, Provenance workload) throws IOException {
        Files.createDirectories(dir);
        this.dir = dir;
        this.classes = classes;
        this.workload = workload;
        for (ServiceClass c : classes.all()) {
            totals.put(c, new ClassTotals());
        }
        requests = CsvTable.create(
                dir.resolve("requests.csv"),
                List.of(
                        "id",
                        "class",
                        "slo",
                        "availability",
                        "met",
                        "deficit",
                        "preemptions",
                        "run_s",
                        "pending_s",
                        "overhead_s"),
                Decimals.SCALED);
        penalties = CsvTable.create(
                dir.resolve("penalties.csv"),
                List.of(
                        "id",
                        "class",
                        "availability",
                        "deficit",
                        "duration_h",
                        "cpu",
                        "cpu_hour_deficit",
                        "bonus",
                        "penalty"),
                Decimals.SCALED);
    }

    /**
     * Opens the files for a run's outcomes; call {@link #finish} with the run's result.
     *
     * @param workload what the requests are, which classes.csv's rows end with
     */
    public static ResultFiles open(Path dir, ServiceClasses classes, Provenance workload) throws IOException {
        return new ResultFiles(dir, classes, workload);
    }

    /** All four files of a run whose outcomes it holds. */
    public static void write(RunResult result, ServiceClasses classes, Provenance workload, Path dir)
            throws IOException {
        try (ResultFiles files = open(dir, classes, workload)) {
            result.outcomes().forEach(files);
            files.finish(result);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    public long count() {
        return count;
    }

    @Override
    public void accept(RequestOutcome o) {
        ServiceClass c = o.spec().serviceClass();
        totals.computeIfAbsent(c, k -> new ClassTotals()).add(o);
        count++;
        try {
            requests.text(o.spec().id())
                    .text(c.name())
                    .fixed(o.slo(), 4)
                    .fixed(o.availability(), 6)
                    .text(Boolean.toString(o.met()))
                    .fixed(o.deficit(), 6)
                    .count(o.preemptions())
                    .fixed(o.runS(), 3)
                    .fixed(o.pendingS(), 3)
                    .fixed(o.overheadS(), 3)
                    .endRow();
            if (!o.met()) {
                penalties
                        .text(o.spec().id())
                        .text(c.name())
                        .fixed(o.availability(), 6)
                        .fixed(o.deficit(), 6)
                        .fixed(o.spec().durationS() / 3600, 6)
                        .fixed(o.spec().cpu(), 6)
                        .fixed(PenaltyModel.cpuHourDeficit(o), 6)
                        .fixed(PenaltyModel.bonus(c, o.availability()), 2)
                        .fixed(PenaltyModel.penalty(o), 6)
                        .endRow();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes classes.csv and intervals.csv and closes everything. */
    public void finish(RunResult result) throws IOException {
        close();
        List<List<String>> classRows = new ArrayList<>();
        for (ServiceClass c : classes.all()) {
            List<String> row = new ArrayList<>(row(c, totals.get(c)));
            row.addAll(workload.cells());
            classRows.add(row);
        }
        List<String> classHeader = new ArrayList<>(List.of(
                "class",
                "slo",
                "requests",
                "mean_availability",
                "min_availability",
                "slo_fulfilment",
                "deficit_mean",
                "deficit_p95",
                "deficit_max",
                "gini",
                "preemptions",
                "penalty"));
        classHeader.addAll(Provenance.COLUMNS);
        write(dir.resolve("classes.csv"), classHeader, classRows);
        write(dir.resolve("intervals.csv"), intervalHeader(), intervalRows(result));
    }

    @Override
    public void close() throws IOException {
        requests.close();
        penalties.close();
    }

    private static List<String> row(ServiceClass c, ClassTotals t) {
        return List.of(
                c.name(),
                f(c.slo(), 4),
                Integer.toString(t.requests()),
                f(t.meanAvailability(), 6),
                f(t.minAvailability(), 6),
                f(t.fulfilment(), 6),
                f(t.deficitMean(), 6),
                f(t.deficitP95(), 6),
                f(t.deficitMax(), 6),
                f(t.gini(), 6),
                Long.toString(t.preemptions()),
                f(t.penalty(), 6));
    }

    private List<String> intervalHeader() {
        List<String> header = new ArrayList<>(List.of("start_s", "end_s", "contention"));
        for (ServiceClass c : classes.all()) {
            header.add(c.name() + "_active");
            header.add(c.name() + "_gini");
            header.add(c.name() + "_min_availability");
            header.add(c.name() + "_fulfilment");
        }
        return header;
    }

    private List<List<String>> intervalRows(RunResult result) {
        List<List<String>> rows = new ArrayList<>();
        for (IntervalSample s : result.intervals()) {
            List<String> row = new ArrayList<>(List.of(
                    f(s.startS(), 0),
                    f(s.endS(), 0),
                    s.contention(classes.leastImportance()).label()));
            for (ServiceClass c : classes.all()) {
                IntervalSample.ClassSample k = s.classes().get(c);
                if (k == null) {
                    row.addAll(List.of("0", "", "", ""));
                } else {
                    row.add(Integer.toString(k.active()));
                    row.add(f(k.gini(), 6));
                    row.add(f(k.minAvailability(), 6));
                    row.add(f(k.fulfilment(), 6));
                }
            }
            rows.add(row);
        }
        return rows;
    }

    private static void write(Path file, List<String> header, List<List<String>> rows) throws IOException {
        try (CsvTable table = CsvTable.create(file, header, Decimals.SCALED)) {
            for (List<String> row : rows) {
                table.row(row);
            }
        }
    }

    /** Fixed decimals as the request model's files have them (fast, for 25 million rows). */
    static String f(double value, int decimals) {
        return Decimals.SCALED.fixed(value, decimals);
    }
}
